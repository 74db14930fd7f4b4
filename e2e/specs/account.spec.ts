import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { signIn, tokenCookie, uniqueDiscordName, SCREENSHOT_DIR } from './helpers';

const OUT = SCREENSHOT_DIR;
const shot = (page: Page, name: string) => page.screenshot({ path: path.join(OUT, `account-${name}.png`) });

type OutboxMail = { subject: string; text: string };

/** The newest code mailed to `email` with the subject, from the dev outbox (the server runs with DEV_OUTBOX=1). */
async function codeFromOutbox(page: Page, email: string, subject: string): Promise<string> {
  let code: string | undefined;
  await expect(async () => {
    const res = await page.request.get(`/api/v1/dev/outbox?email=${encodeURIComponent(email)}`);
    const { mails } = (await res.json()) as { mails: OutboxMail[] };
    const mail = mails.find((m) => m.subject === subject);
    code = mail && /^\s+(\d{6})\s*$/m.exec(mail.text)?.[1];
    expect(code).toBeTruthy();
  }).toPass({ timeout: 10_000 });
  return code ?? '';
}

/** Ticks the visible ALTCHA checkbox and waits until the proof of work is done. */
async function solveVisibleCaptcha(page: Page): Promise<void> {
  const captcha = page.getByTestId('visible-captcha');
  // The widget draws its own tick over the native checkbox, so click the label like a person would.
  await captcha.getByText("I'm not a robot").click();
  await expect(captcha.getByText('Verified', { exact: true })).toBeVisible({ timeout: 30_000 });
}

const storedEmail = (page: Page) => page.evaluate(() => window.localStorage.getItem('email'));

test('a reseller adds and verifies an e-mail, then resets a forgotten password with it', async ({ page }) => {
  const discordId = uniqueDiscordName('acct');
  const email = `${discordId}@example.test`;
  const password = 'first-password-123';
  const newPassword = 'second-password-456';

  await page.goto('/register');
  await page.getByLabel('Name', { exact: true }).fill('Account Owner');
  await page.getByLabel('Discord Name', { exact: true }).fill(discordId);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page).toHaveURL(/\/login$/, { timeout: 20_000 });
  await signIn(page, discordId, password);

  // Account Settings: add an e-mail, which leads to /verify.
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Account Setting' }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByTestId('current-email')).toHaveText('No email added yet');
  await shot(page, 'settings');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('button', { name: 'Add email' }).click();
  await expect(page).toHaveURL(/\/verify$/);
  expect(await storedEmail(page)).toBe(email);

  await expect(page.getByRole('heading', { name: 'Verify Email' })).toBeVisible();
  await expect(page.getByText('Enter the otp sent to your email to verify your account.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
  const verifyCode = await codeFromOutbox(page, email, 'Verify your e-mail address for LabelPort');
  await page.getByLabel('OTP').fill(`${verifyCode}`);
  await solveVisibleCaptcha(page);
  await shot(page, 'verify');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible({ timeout: 20_000 });
  await expect(page).toHaveURL(/\/$/);
  expect(await storedEmail(page)).toBeNull();
  await expect(page.getByTestId('header-email')).toHaveText(email);

  await page.goto('/settings');
  await expect(page.getByTestId('current-email')).toContainText('Verified');
  await expect(page.getByTestId('api-key')).toBeVisible();
  await shot(page, 'settings-verified');

  // Sign out, then recover the account through /forgot and /reset.
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  expect(await tokenCookie(page)).toBeUndefined();

  await page.goto('/forgot');
  await expect(page.getByRole('heading', { name: 'Forgot Password?' })).toBeVisible();
  await expect(
    page.getByText('Enter your email to get reset password OTP on your registered email.'),
  ).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveAttribute('type', 'email');
  await page.getByLabel('Email').fill(email);
  await solveVisibleCaptcha(page);
  await shot(page, 'forgot');
  await page.getByRole('button', { name: 'Send OTP' }).click();
  await expect(page.getByTestId('auth-message')).toHaveText(
    'If an account uses this email, we have sent an OTP to it.',
  );
  expect(await storedEmail(page)).toBe(email);
  await expect(page).toHaveURL(/\/reset$/, { timeout: 5_000 });

  await expect(page.getByRole('heading', { name: 'Reset Password' })).toBeVisible();
  await expect(page.getByText('Enter the otp sent to your email and reset your password')).toBeVisible();
  const resetCode = await codeFromOutbox(page, email, 'Your LabelPort password reset code');
  await page.getByLabel('OTP').fill(`a${resetCode}b`);
  await expect(page.getByLabel('OTP')).toHaveValue(resetCode);
  await expect(page.getByLabel('OTP')).toHaveAttribute('inputmode', 'numeric');

  // Mismatched passwords: the message shows for 3 seconds and nothing is sent.
  const resetCalls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/auth/resetPassword')) resetCalls.push(request.url());
  });
  await page.getByLabel('New Password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm New Password').fill(`${newPassword}x`);
  await page.getByRole('button', { name: 'Reset' }).click();
  await expect(page.getByTestId('auth-message')).toHaveText('Passwords do not match');
  await expect(page.getByTestId('auth-message')).toBeHidden({ timeout: 4_000 });
  expect(resetCalls).toHaveLength(0);

  await page.getByLabel('Confirm New Password').fill(newPassword);
  await page.getByRole('button', { name: 'Toggle password visibility' }).first().click();
  await expect(page.getByLabel('New Password', { exact: true })).toHaveAttribute('type', 'text');
  await solveVisibleCaptcha(page);
  await shot(page, 'reset');
  await page.getByRole('button', { name: 'Reset' }).click();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible({ timeout: 20_000 });
  expect(resetCalls).toHaveLength(1);
  expect(await storedEmail(page)).toBeNull();
  expect(await tokenCookie(page)).toBeDefined();

  // The new password signs in; the old one no longer does.
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await page.getByLabel('Discord Name', { exact: true }).fill(discordId);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('auth-message')).toHaveText('Invalid Discord Name or password', {
    timeout: 20_000,
  });
  await signIn(page, discordId, newPassword);
  await expect(page.getByTestId('header-email')).toHaveText(email);
});

test('a wrong code shows the server message for 3 seconds and keeps the form usable', async ({ page }) => {
  // Opened without the address stored by the step before (another device): the page asks for it.
  await page.goto('/verify');
  await expect(page.getByLabel('Email')).toHaveValue('');
  await page.getByLabel('Email').fill('nobody@example.test');
  await page.getByLabel('OTP').fill('000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByTestId('auth-message')).toHaveText('Please complete the captcha');
  await solveVisibleCaptcha(page);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByTestId('auth-message')).toHaveText('Invalid or expired OTP');
  await expect(page.getByTestId('auth-message')).toBeHidden({ timeout: 4_000 });
  await expect(page.getByTestId('visible-captcha').getByRole('checkbox')).not.toBeChecked();
});
