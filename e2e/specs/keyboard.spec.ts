import { expect, test, type Locator, type Page } from '@playwright/test';
import { resellerOfFile } from './accounts';
import { signIn } from './helpers';

/** This spec's own reseller, with $1,000.00 as the demo account has (decision 320). */
const reseller = resellerOfFile('keyboard', 'Keyboard Co');

/**
 * Keyboard only: a dialog holds focus (Tab and Shift+Tab stay inside, Escape closes it and focus returns to
 * the button that opened it), and a reseller signs in and places a Simple Order without the mouse, seeing
 * where focus is at every step.
 */

/**
 * How the focused element and its two wrappers look (Mantine draws an input's border on its wrapper): an
 * element that looks the same focused and not focused has no visible focus.
 */
const LOOK = (el: Element) => {
  const looks: string[] = [];
  for (let node: Element | null = el, depth = 0; node && depth < 3; node = node.parentElement, depth += 1) {
    const s = getComputedStyle(node);
    looks.push([s.outlineStyle, s.outlineWidth, s.outlineColor, s.borderColor, s.boxShadow].join(' '));
  }
  return looks.join(' / ');
};

/** Presses Tab until `target` has focus; every element passed on the way must show that it is focused. */
async function tabTo(page: Page, target: Locator, { max = 40, key = 'Tab' } = {}) {
  for (let step = 0; step < max; step += 1) {
    await page.keyboard.press(key);
    const focused = await page.evaluateHandle(() => document.activeElement ?? document.body);
    // Past the last element focus leaves the page for the browser's own controls, then comes back.
    if (await focused.evaluate((el) => el === document.body)) continue;
    const name = await focused.evaluate(
      (el) => `${el.tagName} ${el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 40)}`,
    );
    const focusedLook = await focused.evaluate(LOOK);
    const isTarget = await target.evaluate((el) => el === document.activeElement);
    // Blur it, read the same element's resting look, then give it focus back.
    await focused.evaluate((el) => (el as HTMLElement).blur());
    const restingLook = await focused.evaluate(LOOK);
    await focused.evaluate((el) => (el as HTMLElement).focus({ focusVisible: true } as FocusOptions));
    expect(focusedLook, `focus is visible on ${name}`).not.toBe(restingLook);
    if (isTarget) return;
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

/** Opens a Mantine select from the keyboard (typing `search` first when it filters) and moves down to `option`. */
async function chooseByKeyboard(page: Page, option: string, search?: string) {
  if (search) await page.keyboard.type(search);
  await page.keyboard.press('ArrowDown');
  const listbox = page.getByRole('listbox');
  await expect(listbox).toBeVisible();
  for (let step = 0; step < 40; step += 1) {
    const selected = listbox.locator('[data-combobox-selected]');
    if ((await selected.count()) === 1 && (await selected.innerText()).trim() === option) {
      await page.keyboard.press('Enter');
      await expect(listbox).toBeHidden();
      return;
    }
    await page.keyboard.press('ArrowDown');
  }
  throw new Error(`no option ${option}`);
}

// Colour transitions would make a just-focused field read as its resting look; the looks are compared settled.
test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      const style = document.createElement('style');
      style.textContent = '*, *::before, *::after { transition: none !important; }';
      document.head.appendChild(style);
    });
  });
});

const isInside = (dialog: Locator) => dialog.evaluate((el) => el.contains(document.activeElement));

test('the address dialog holds focus, Escape closes it and focus returns to its opener', async ({ page }) => {
  const me = await reseller();
  await signIn(page, me.discordId, me.password);
  await page.goto('/address');
  const opener = page.getByRole('button', { name: 'Create Address' }).first();
  await expect(opener).toBeVisible();
  await tabTo(page, opener, { max: 60 });
  await page.keyboard.press('Enter');

  const dialog = page.getByRole('dialog', { name: 'Create Address' });
  await expect(dialog).toBeVisible();
  await expect.poll(() => isInside(dialog)).toBe(true);
  // More presses than the dialog has fields: focus wraps around inside, both ways, never reaching the page.
  for (const key of ['Tab', 'Shift+Tab']) {
    const seen = new Set<string>();
    for (let step = 0; step < 20; step += 1) {
      await page.keyboard.press(key);
      expect(await isInside(dialog), `${key} #${step + 1} stays in the dialog`).toBe(true);
      seen.add(await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 120) ?? ''));
    }
    expect(seen.size, 'focus moves between the fields').toBeGreaterThan(3);
  }

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
});

test('a reseller signs in and places a Simple Order with the keyboard alone, focus visible throughout', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const me = await reseller();
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await tabTo(page, page.getByLabel('Discord Name', { exact: true }));
  await page.keyboard.type(me.discordId);
  await tabTo(page, page.getByLabel('Password', { exact: true }));
  await page.keyboard.type(me.password);
  await page.keyboard.press('Enter');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav).toBeVisible({ timeout: 20_000 });

  await tabTo(page, nav.getByRole('link', { name: 'Simple Order' }), { max: 60 });
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/createOrders$/i);
  await expect(page.getByRole('combobox', { name: /^Type/ })).toBeVisible();

  await tabTo(page, page.getByRole('combobox', { name: /^Type/ }), { max: 60 });
  await chooseByKeyboard(page, 'USPS Ground Advantage (oz)');
  await tabTo(page, page.getByLabel(/^Weight \(oz\)/));
  await page.keyboard.type('6');

  const fields: Array<[string, RegExp, string]> = [
    ['From', /^Name/, 'Keyboard Sender'],
    ['From', /^Street \*|^Street$/, '100 Congress Ave'],
    ['From', /^ZIP Code/, '78701'],
    ['To', /^Name/, 'Keyboard Recipient'],
    ['To', /^Street \*|^Street$/, '2200 Larimer St'],
    ['To', /^ZIP Code/, '80205'],
  ];
  const states = { From: 'TX — Texas', To: 'CO — Colorado' } as const;
  // A typed ZIP fills the city (and state) as soon as it has five digits: a keyboard user sees it and moves on.
  const cities = { From: 'Austin', To: 'Denver' } as const;
  for (const side of ['From', 'To'] as const) {
    const card = page.getByRole('region', { name: side, exact: true });
    for (const [, label, value] of fields.filter(([s]) => s === side)) {
      await tabTo(page, card.getByLabel(label));
      await page.keyboard.type(value);
    }
    await expect(card.getByLabel(/^City/)).toHaveValue(cities[side]);
    await tabTo(page, card.getByRole('combobox', { name: /^State/ }));
    await chooseByKeyboard(page, states[side], states[side].slice(0, 2));
  }

  const submit = page.getByRole('button', { name: 'Create Order — $3.25' });
  await tabTo(page, submit, { max: 60 });
  await page.keyboard.press('Enter');
  await expect(page.getByText('Order created successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
});
