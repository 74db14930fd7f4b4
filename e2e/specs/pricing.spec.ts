import { expect, test, type Page } from '@playwright/test';
import { newReseller } from './accounts';
import { DEMO, shotBothWidths, signIn, signOut } from './helpers';
import { signInAsStaff } from './two-factor-helpers';

/** Staff set the 1–5 lb Priority tier's price on the Label Types page. */
const setPriorityTier2 = async (page: Page, price: string) => {
  await page.goto('/admin/label-types');
  await page.getByRole('button', { name: 'Edit USPS Priority Mail' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Tier 2 price').fill(price);
  return dialog;
};

/** The Simple Order summary's unit price for USPS Priority Mail at 3 lb. */
const priorityPriceAt3lb = async (page: Page) => {
  await page.goto('/createOrders');
  await page.getByRole('combobox', { name: /^Type/ }).click();
  await page.getByRole('option', { name: 'USPS Priority Mail' }).click();
  await page.getByLabel(/^Weight/).fill('3');
  return page.getByText(/^Unit price \$/);
};

test('staff edit the Priority tiers and one reseller’s prices; each reseller’s Simple Order shows theirs', async ({
  page,
}) => {
  const { discordId, password } = await newReseller('prices', 'Prices Test Co');

  await signInAsStaff(page);
  await page.goto('/admin/label-types');
  await expect(page.getByTestId('label-type-row')).toHaveCount(13);
  await shotBothWidths(page, 'pricing', 'label-types');

  // A gap is named and nothing is saved; then the 1–5 lb tier goes from $6.50 to $7.25.
  let dialog = await setPriorityTier2(page, '7.25');
  await dialog.getByLabel('Tier 3 from weight').fill('6');
  await dialog.getByRole('button', { name: 'Save label type' }).click();
  await expect(dialog.getByRole('alert')).toContainText('No price from 5 to 6');
  await dialog.getByLabel('Tier 3 from weight').fill('5');
  await shotBothWidths(page, 'pricing', 'edit-priority');
  await dialog.getByRole('button', { name: 'Save label type' }).click();
  await expect(page.getByText('Label type saved')).toBeVisible();
  await expect(dialog).toBeHidden();

  // This reseller pays 20% less for Priority.
  await page.goto('/admin/resellers');
  await page.getByLabel('Search').fill(discordId);
  await page.getByRole('link', { name: discordId }).click();
  await page.getByRole('button', { name: 'Edit USPS Priority Mail prices' }).click();
  dialog = page.getByRole('dialog');
  await dialog.getByText('Percentage').click();
  await dialog.getByLabel('Percentage up or down from the default').fill('-20');
  await expect(dialog).toContainText('New prices: $3.60, $5.80');
  await shotBothWidths(page, 'pricing', 'reseller-percent');
  await dialog.getByRole('button', { name: 'Save prices' }).click();
  await expect(page.getByRole('row', { name: /USPS Priority Mail/ })).toContainText('-20%');
  await signOut(page);

  await signIn(page, DEMO.discordId, DEMO.password);
  await expect(await priorityPriceAt3lb(page)).toHaveText('Unit price $7.25 × 1');
  await signOut(page);

  await signIn(page, discordId, password);
  await expect(await priorityPriceAt3lb(page)).toHaveText('Unit price $5.80 × 1');
  await shotBothWidths(page, 'pricing', 'reseller-simple-order');
  await signOut(page);

  // Back to the seed price for the specs that follow.
  await signInAsStaff(page);
  dialog = await setPriorityTier2(page, '6.50');
  await dialog.getByRole('button', { name: 'Save label type' }).click();
  await expect(page.getByText('Label type saved')).toBeVisible();
});
