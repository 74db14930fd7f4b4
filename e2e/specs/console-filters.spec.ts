import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { signInAsStaff } from './two-factor-helpers';

/** Every console list with filters above its table (issue 51: Orders' search read "OrderId, trackin..."). */
const LISTS = [
  { name: 'Resellers', path: '/admin/resellers' },
  { name: 'Deposits', path: '/admin/deposits' },
  { name: 'Orders', path: '/admin/orders' },
  { name: 'Courier', path: '/admin/courier' },
  { name: 'Audit Log', path: '/admin/audit' },
];
const SHOTS = process.env.CONSOLE_FILTER_SHOTS;

/**
 * Each filter field of the page (the only text boxes and selects of a list page): whether its placeholder (or typed text) fits inside the box, and whether
 * the box lies inside the window.
 */
const measureFilters = (page: Page) =>
  page.locator('main').evaluate((main) => {
    const canvas = document.createElement('canvas').getContext('2d')!;
    const fields = main.querySelectorAll<HTMLInputElement>(
      'input:not([type=radio]):not([type=checkbox]):not([type=hidden])',
    );
    return Array.from(fields, (input) => {
      const style = getComputedStyle(input);
      canvas.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const text = input.value || input.placeholder;
      const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      const box = input.getBoundingClientRect();
      return {
        field: input.getAttribute('aria-label') ?? input.id,
        text,
        textWidth: Math.ceil(canvas.measureText(text).width),
        room: Math.floor(room),
        inWindow: box.left >= 0 && box.right <= document.documentElement.clientWidth,
      };
    });
  });

test('every console list’s filters fit at 1280 px and wrap cleanly at 390 px', async ({ page }) => {
  await signInAsStaff(page);
  for (const list of LISTS) {
    await page.goto(list.path);
    await expect(page.getByRole('heading', { name: list.name, level: 1 })).toBeVisible();
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 1280 ? 800 : 844 });
      await page.waitForTimeout(200);
      for (const field of await measureFilters(page)) {
        const where = `${list.name} at ${width} px, ${field.field} "${field.text}"`;
        expect(field.textWidth, `${where}: its text is cut off`).toBeLessThanOrEqual(field.room);
        expect(field.inWindow, `${where}: it lies outside the window`).toBe(true);
      }
      const sideways = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(sideways, `${list.name} scrolls sideways at ${width} px`).toBeLessThanOrEqual(0);
      if (SHOTS)
        await page.screenshot({
          path: path.join(SHOTS, `${list.path.split('/').pop()}-${width}.png`),
          fullPage: false,
        });
    }
    await page.setViewportSize({ width: 1280, height: 800 });
  }
});
