import { expect, type Page } from '@playwright/test';
import { expectLanding, signIn } from '../support/accounts.ts';
import { test } from '../support/test.ts';

// Issue 10 item 12: "the bill-line Memo label overlaps its text". Whatever the screen's width, a line's
// Memo and amount labels sit above what was typed, in full, and never across it.
test.describe.configure({ timeout: 60_000 });

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/**
 * Where the line field's text is drawn (the input's box less its padding), its label's box, and whether
 * the label's text is cut off.
 */
async function fieldBoxes(page: Page, line: number, label: string) {
  const input = page.getByRole('group', { name: `Line ${line}` }).getByLabel(label, { exact: true });
  const id = await input.getAttribute('id');
  const labelElement = page.locator(`label[for="${id}"]`);
  const clipped = await labelElement.evaluate((el) => el.scrollWidth > el.clientWidth + 1);
  const text: Box = await input.evaluate((el) => {
    const box = el.getBoundingClientRect();
    const style = getComputedStyle(el);
    const [top, right, bottom, left] = [
      style.paddingTop,
      style.paddingRight,
      style.paddingBottom,
      style.paddingLeft,
    ].map((value) => Number.parseFloat(value) || 0) as [number, number, number, number];
    return {
      x: box.x + left,
      y: box.y + top,
      width: box.width - left - right,
      height: box.height - top - bottom,
    };
  });
  const labelBox = await labelElement.evaluate((el) => {
    const box = el.getBoundingClientRect();
    return { x: box.x, y: box.y, width: box.width, height: box.height };
  });
  return { input: text, label: labelBox, clipped };
}

test("a bill line's Memo and amount labels never cover the text typed under them", async ({ page }) => {
  await signIn(page, 'manager@demo.test');
  await expectLanding(page, '/manager-dashboard', 'Manager Dashboard');
  await page.goto('/clients');
  await page.getByRole('link', { name: 'Harper Household' }).click();
  await page.getByRole('tab', { name: 'Bills' }).click();
  await page.getByRole('link', { name: 'New bill' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'New Bill' })).toBeVisible();

  const line = page.getByRole('group', { name: 'Line 1' });
  await line.getByLabel('Memo', { exact: true }).fill('Quarterly retainer, main house and ranch');
  await line.getByLabel('Line amount ($)', { exact: true }).fill('1250.00');

  for (const width of [390, 600, 820, 1024, 1280, 1600]) {
    await page.setViewportSize({ width, height: 900 });
    for (const label of ['Memo', 'Line amount ($)']) {
      // Measured once the layout has settled: MUI animates a label's size (max-width, 200 ms) when its
      // field changes width, and a label caught mid-way can wrap over its text for a moment.
      await expect(async () => {
        const boxes = await fieldBoxes(page, 1, label);
        expect(boxes.input, `${label} at ${width}px`).not.toBeNull();
        expect(boxes.label, `${label} at ${width}px`).not.toBeNull();
        if (!boxes.input || !boxes.label) return;
        expect(overlaps(boxes.label, boxes.input), `${label} label over its text at ${width}px`).toBe(false);
        expect(
          boxes.label.y + boxes.label.height,
          `${label} label above its text at ${width}px`,
        ).toBeLessThanOrEqual(boxes.input.y + 1);
        expect(boxes.clipped, `${label} label cut off at ${width}px`).toBe(false);
      }).toPass({ timeout: 5_000 });
    }
  }
});
