import { expect, test, type Page } from '@playwright/test';
import { newReseller } from './accounts';
import { signIn, uniqueDiscordName } from './helpers';

type OutboxMail = { subject: string; text: string };

/** The join link of the newest invitation mailed to `email`, from the dev outbox (DEV_OUTBOX=1). */
async function invitationLink(page: Page, email: string): Promise<string> {
  let link: string | undefined;
  await expect(async () => {
    const res = await page.request.get(`/api/v1/dev/outbox?email=${encodeURIComponent(email)}`);
    const { mails } = (await res.json()) as { mails: OutboxMail[] };
    link = mails.map((m) => /(https?:\/\/\S+\/team\/join\?token=\S+)/.exec(m.text)?.[1]).find(Boolean);
    expect(link).toBeTruthy();
  }).toPass({ timeout: 10_000 });
  return link!;
}

async function choose(page: Page, label: RegExp, option: string | RegExp) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).click();
}

/**
 * Issue 45 in Chromium: the owner invites a packer by e-mail, the packer joins, buys a label and cannot open
 * Deposits; the owner sees who bought it and removes the packer, whose open session ends.
 */
test('an owner invites a packer who buys a label, and removing the packer ends their session', async ({
  browser,
}) => {
  const owner = await newReseller('owner', 'Olga Owner', { dollars: 50 });
  const packer = await newReseller('packer', 'packer');
  const email = `${uniqueDiscordName('packer')}@example.test`;

  const ownerPage = await (await browser.newContext()).newPage();
  await signIn(ownerPage, owner.discordId, owner.password);
  await ownerPage.goto('/team');
  await ownerPage.getByLabel('E-mail').fill(email);
  await ownerPage.getByRole('button', { name: 'Send invitation' }).click();
  await expect(ownerPage.getByTestId('invitation-row')).toContainText(email);
  const link = await invitationLink(ownerPage, email);

  // The packer opens the link signed out, signs in, and lands on the join page.
  const packerPage = await (await browser.newContext()).newPage();
  await packerPage.goto(new URL(link).pathname + new URL(link).search);
  await signIn(packerPage, packer.discordId, packer.password);
  await expect(packerPage.getByRole('heading', { name: 'Join a team' })).toBeVisible();
  await packerPage.getByRole('button', { name: 'Join team' }).click();
  await expect(packerPage.getByText('You joined the Olga Owner team as shipper').first()).toBeVisible();
  await expect(packerPage.getByTestId('header-balance')).toHaveText('$50.00');

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
