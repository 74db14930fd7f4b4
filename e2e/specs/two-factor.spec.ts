import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { registerReseller, signOut, STAFF } from './helpers';
import {
  DEVICE_COOKIE,
  enrolInConsole,
  enterCode,
  freshTotp,
  saveStaffTwoFactor,
  signInToCodeStep,
  signInWithPassword,
  totpAtStep,
} from './two-factor-helpers';

// Runs before the other flows (its own project): the staff account enrolled here is the one they use.
test('staff enrol at the console from the QR code, then sign in with a code, a recovery code once and a remembered device', async ({
  page,
}) => {
  test.setTimeout(300_000);
  await signInWithPassword(page, STAFF.discordId, STAFF.password);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Set up two-factor sign-in' })).toBeVisible();
  // The QR code is drawn in the page (a data: URL, no outside service) and holds the key shown as text.
  const qr = page.getByRole('img', { name: 'QR code for your authenticator app' });
  const src = (await qr.getAttribute('src'))!;
  expect(src).toMatch(/^data:image\/png;base64,/);
  fs.writeFileSync('/tmp/two-factor-qr.png', Buffer.from(src.split(',')[1]!, 'base64'));
  const decoded = execFileSync('zbarimg', ['--raw', '-q', '/tmp/two-factor-qr.png']).toString().trim();
  const secret = (await page.getByTestId('two-factor-secret').textContent())!.trim();
  expect(decoded).toBe(
    `otpauth://totp/LabelPort:${STAFF.discordId}?issuer=LabelPort&secret=${secret}&algorithm=SHA1&digits=6&period=30`,
  );
  await page.screenshot({ path: '/tmp/two-factor-enrol.png', fullPage: true });
  let state = await enrolInConsole(page);
  expect(state.secret).toBe(secret);
  await expect(page.getByText('Labels today')).toBeVisible();

  // A code from the app after the password.
  await signOut(page);
  await signInToCodeStep(page, STAFF.discordId, STAFF.password);
  await page.screenshot({ path: '/tmp/two-factor-code-step.png', fullPage: true });
  const first = await freshTotp(state.secret, state.lastStep);
  await enterCode(page, first.code);
  state = { ...state, lastStep: first.step };
  saveStaffTwoFactor(state);

  // A recovery code signs in once; the second time it is refused.
  await signOut(page);
  await signInToCodeStep(page, STAFF.discordId, STAFF.password);
  await enterCode(page, state.recoveryCodes[0]!);
  await signOut(page);
  await signInToCodeStep(page, STAFF.discordId, STAFF.password);
  await page.getByLabel('Authentication code').fill(state.recoveryCodes[0]!);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'Invalid code, or this sign-in has expired: try again or go back to sign in',
  );

  // "Remember this device": the next sign-in on this browser needs only the password.
  const next = await freshTotp(state.secret, state.lastStep);
  await enterCode(page, next.code, { rememberDevice: true });
  const cookie = (await page.context().cookies()).find((c) => c.name === DEVICE_COOKIE)!;
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/v1/auth' });
  expect(cookie.expires * 1000 - Date.now()).toBeGreaterThan(29 * 24 * 3600_000);
  saveStaffTwoFactor({ ...state, lastStep: next.step, deviceCookie: cookie.value });
  await signOut(page);
  await signInWithPassword(page, STAFF.discordId, STAFF.password);
  await page.goto('/admin');
  await expect(page.getByRole('navigation', { name: 'Staff' })).toBeVisible();
});

test('a reseller turns it on in Account Settings; wrong codes are throttled like wrong passwords', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const { discordId, password } = await registerReseller(page, 'twofa', 'Two Factor Co');
  await signInWithPassword(page, discordId, password);
  await page.goto('/settings');
  const section = page.getByRole('region', { name: 'Two-factor sign-in' });
  await section.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
  const secret = (await section.getByTestId('two-factor-secret').textContent())!.trim();
  const enrolStep = Math.floor(Date.now() / 30_000);
  await section.getByLabel('6-digit code').fill(totpAtStep(secret, enrolStep));
  await section.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
  await expect(section.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
  await section.getByRole('button', { name: 'I have saved my recovery codes' }).click();
  await expect(section.getByText('Recovery codes left: 10')).toBeVisible();
  await page.screenshot({ path: '/tmp/two-factor-settings.png', fullPage: true });
  await signOut(page);

  await signInToCodeStep(page, discordId, password);
  const codeField = page.getByLabel('Authentication code');
  for (let i = 0; i < 5; i += 1) {
    await codeField.fill(`00000${i}`);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      'Invalid code, or this sign-in has expired: try again or go back to sign in',
    );
    await expect(codeField).toHaveValue('');
  }
  // The fifth wrong code ended this sign-in: the right one is refused alike (decision 310) ...
  const { code } = await freshTotp(secret, enrolStep);
  await codeField.fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'Invalid code, or this sign-in has expired: try again or go back to sign in',
  );
  // ... and the wrong codes count as wrong passwords from this address.
  await page.getByRole('button', { name: 'Back to sign in' }).click();
  await page.getByLabel('Discord Name', { exact: true }).fill(discordId);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'Too many failed sign-in attempts. Please wait 15 minutes and try again.',
  );
  await page.screenshot({ path: '/tmp/two-factor-throttled.png', fullPage: true });
});
