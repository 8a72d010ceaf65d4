// What the visual-regression tests share: a view at rest, its picture compared with the
// baseline, and the demo's theme and language switches.
import { fileURLToPath } from 'node:url'
import type { Locator, Page } from 'playwright-core'
import { expect } from 'vitest'
import { checkScreenshot, describeComparison } from './compare'

const BASELINES = fileURLToPath(new URL('./baselines/', import.meta.url))
const FAILURES = fileURLToPath(new URL('../artifacts/visual/', import.meta.url))
const UPDATE = process.env.VISUAL_UPDATE === '1'

/**
 * Nothing in the dialog is loading (no skeleton rows: no `aria-busy`, unless the view waits on
 * purpose), every image in it has loaded (a failed one has become its initial), and the fonts too.
 */
async function settled(page: Page, busy: boolean) {
  if (!busy) {
    await expect
      .poll(() => page.locator('[role="dialog"] [aria-busy="true"], .lk-skeleton-row').count())
      .toBe(0)
  }
  await expect
    .poll(() =>
      page
        .locator('[role="dialog"] img')
        .evaluateAll((images) =>
          (images as HTMLImageElement[]).every((img) => img.complete && img.naturalWidth > 0),
        ),
    )
    .toBe(true)
  await page.evaluate(() => document.fonts.ready.then(() => undefined))
}

export interface ShootOptions {
  /** Parts that differ from run to run (a QR code of a new pairing), covered. */
  mask?: Locator[]
  /** The view shows a wait of its own (`aria-busy` on purpose): it is pictured waiting. */
  busy?: boolean
}

export async function shoot(
  page: Page,
  name: string,
  mismatches: string[],
  { mask = [], busy = false }: ShootOptions = {},
) {
  await settled(page, busy)
  // The pointer rests outside the dialog: a row under the last click would show its hover.
  await page.mouse.move(0, 0)
  const actual = await page
    .getByRole('dialog')
    // Activity rows say how long ago each happened: covered, as that changes by the minute.
    .screenshot({
      animations: 'disabled',
      caret: 'hide',
      scale: 'css',
      mask: [page.getByTestId('activity-list'), ...mask],
    })
  const result = checkScreenshot({
    baselinePath: `${BASELINES}${name}.png`,
    actual,
    update: UPDATE,
    failuresDir: FAILURES,
    name,
  })
  if (result.kind !== 'match') mismatches.push(describeComparison(name, result))
}

/**
 * Steadies a text that differs from run to run (a transaction hash, a gas price): `text` in its
 * place, or else its numbers replaced, in order, by `numbers`. A mask covers pixels but not a
 * line that wraps differently, so the text itself is set, and set again should the view render
 * a newer value (before the next paint: mutation observers run as microtasks).
 */
export async function steadyText(
  page: Page,
  testId: string,
  steady: { text: string } | { numbers: string[] },
) {
  await page.getByTestId(testId).evaluate((element, fixed) => {
    const apply = () => {
      let n = 0
      const text =
        'text' in fixed
          ? fixed.text
          : (element.textContent ?? '').replace(
              /\p{Nd}[\p{Nd}.,٫٬]*\p{Nd}|\p{Nd}/gu,
              () => fixed.numbers[n++ % fixed.numbers.length] ?? '',
            )
      if (element.textContent !== text) element.textContent = text
    }
    apply()
    new MutationObserver(apply).observe(element, {
      childList: true,
      characterData: true,
      subtree: true,
    })
  }, steady)
}

export async function useTheme(page: Page, theme: 'light' | 'dark') {
  if ((await page.getByTestId('state-theme').textContent()) !== theme) {
    await page.getByTestId('toggle-theme').click()
  }
  await expect.poll(() => page.getByTestId('state-theme').textContent()).toBe(theme)
}

export async function useLanguage(page: Page, language: 'en' | 'ar') {
  await page.getByTestId('modal-language').selectOption(language)
  await expect.poll(() => page.getByTestId('state-locale').textContent()).toMatch(`${language} (`)
}

export const CASES = [
  { theme: 'light', language: 'en' },
  { theme: 'dark', language: 'en' },
  { theme: 'light', language: 'ar' },
  { theme: 'dark', language: 'ar' },
] as const
