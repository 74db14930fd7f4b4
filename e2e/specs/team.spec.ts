import { expect, test, type Page } from '@playwright/test';
import { startSmtpSink } from '../../apps/server/test/smtp-sink';
import { newReseller, staffOnOwnPortal, type OwnPortalStaff } from './accounts';
import { signIn, uniqueDiscordName } from './helpers';
import { startPortal, type SideProcess } from './side-process';

/**
 * The team spec on a portal of its own whose mail goes out over SMTP, to a real SMTP server in this
 * process: the shared server keeps its mail in the dev outbox, which refuses to run with SMTP_URL.
 * Its port is E2E_PORT + 2 (tracking's portal takes + 1, the Lighthouse debugger + 1000).
 */
const TEAM_PORT = Number(process.env.E2E_PORT ?? 7411) + 2;

type SmtpSink = Awaited<ReturnType<typeof startSmtpSink>>;

/** The invitation the SMTP server received: addressed to the invitee alone, its join link on this portal. */
async function invitationLink(sink: SmtpSink, email: string, portalUrl: string): Promise<string> {
  const mail = await sink.waitForMail(email);
  expect(mail.to).toEqual([email]);
  expect(/^To: (.+)$/m.exec(mail.raw)?.[1]?.trim()).toBe(email);
  expect(mail.subject).toBe('Olga Owner invites you to the Olga Owner team on LabelPort');
  expect(mail.text).toContain('as shipper');
  const link = /(https?:\/\/\S+\/team\/join\?token=\S+)/.exec(mail.text)?.[1];
  expect(link, mail.text).toBeTruthy();
  expect(new URL(link!).origin).toBe(portalUrl);
  expect(mail.html).toContain(`href="${link!}"`);
  return link!;
}

async function choose(page: Page, label: RegExp, option: string | RegExp) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).click();
}

/**
 * Issue 45 in Chromium: the owner invites a packer by e-mail (the mail arrives over SMTP), the packer joins,
 * buys a label and cannot open Deposits; the owner sees who bought it and removes the packer, whose open
 * session ends.
 */
test.describe('a team on a portal that sends its mail over SMTP', () => {
  test.use({ baseURL: `http://localhost:${TEAM_PORT}` });
  let sink: SmtpSink;
  let portal: SideProcess;
  let staff: OwnPortalStaff;

  test.beforeAll(async () => {
    test.setTimeout(150_000);
    sink = await startSmtpSink();
    portal = await startPortal(TEAM_PORT, { SMTP_URL: sink.url });
    staff = await staffOnOwnPortal(portal.url);
  });
  test.afterAll(async () => {
    // The portal first: its pooled SMTP connection would keep the sink from closing.
    await portal?.stop();
    await sink?.close();
  });

  test('an owner invites a packer who buys a label, and removing the packer ends their session', async ({
    browser,
  }) => {
    const owner = await newReseller('owner', 'Olga Owner', { dollars: 50, staff });
    const packer = await newReseller('packer', 'packer', { staff });
    const email = `${uniqueDiscordName('packer')}@example.test`;

    const ownerPage = await (await browser.newContext()).newPage();
    await signIn(ownerPage, owner.discordId, owner.password);
    await ownerPage.goto('/team');
    await ownerPage.getByLabel('E-mail').fill(email);
    await ownerPage.getByRole('button', { name: 'Send invitation' }).click();
    await expect(ownerPage.getByTestId('invitation-row')).toContainText(email);
    const link = await invitationLink(sink, email, portal.url);

    // The packer opens the link from the mail signed out, signs in, and lands on the join page.
    const packerPage = await (await browser.newContext()).newPage();
    await packerPage.goto(link);
    await signIn(packerPage, packer.discordId, packer.password);
    await expect(packerPage.getByRole('heading', { name: 'Join a team' })).toBeVisible();
    await packerPage.getByRole('button', { name: 'Join team' }).click();
    await expect(packerPage.getByText('You joined the Olga Owner team as shipper').first()).toBeVisible();
    await expect(packerPage.getByTestId('header-balance')).toHaveText('$50.00');

    // The link worked once: opened again, it is refused.
    await packerPage.goto(link);
    await expect(packerPage.getByRole('heading', { name: 'Join a team' })).toBeVisible();
    await packerPage.getByRole('button', { name: 'Join team' }).click();
    await expect(packerPage.getByRole('main').getByRole('alert')).toHaveText(
      'This invitation link is not valid: it was used, revoked or replaced',
    );

    // A shipper buys, but has no Deposits.
    await packerPage.goto('/quick-order');
    await choose(packerPage, /^Type/, 'USPS Ground Advantage (oz)');
    await packerPage.getByLabel(/^Weight/).fill('3');
    await packerPage
      .getByRole('region', { name: 'From', exact: true })
      .getByRole('textbox', { name: /^Address/ })
      .fill('Olga Owner\n100 Congress Ave\nAustin, TX\n78701');
    await packerPage
      .getByRole('region', { name: 'To', exact: true })
      .getByRole('textbox', { name: /^Address/ })
      .fill('Kevin Nguyen\n455 Market St, Apt 12\nSan Francisco, CA\n94105');
    await packerPage.getByRole('button', { name: /^Create Order — \$/ }).click();
    await expect(packerPage.getByText('Order created successfully').first()).toBeVisible();
    await expect(packerPage.getByRole('link', { name: 'Deposits' })).toHaveCount(0);
    await packerPage.goto('/deposits');
    await expect(packerPage.getByTestId('role-refused')).toContainText('A shipper cannot read deposits');

    // The owner sees who bought it, then removes the packer.
    await ownerPage.goto('/');
    const row = ownerPage.getByTestId('order-row').filter({ hasText: 'Kevin Nguyen' });
    await expect(row.getByTestId('bought-by')).toHaveText('bought by packer');
    await ownerPage.goto('/team');
    ownerPage.once('dialog', (dialog) => void dialog.accept());
    await ownerPage
      .getByTestId('member-row')
      .filter({ hasText: 'packer' })
      .getByRole('button', { name: 'Remove' })
      .click();
    await expect(ownerPage.getByTestId('member-row')).toHaveCount(1);

    // The packer's open session has ended: the next request signs them out.
    await packerPage.goto('/');
    await expect(packerPage.getByRole('button', { name: 'Sign in' })).toBeVisible({ timeout: 20_000 });
  });
});
