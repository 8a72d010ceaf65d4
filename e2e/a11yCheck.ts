// What the accessibility tests share: axe-core over the modal, the focused element and its
// ring, the theme switch, and waiting until the modal stands still.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Frame, Page } from 'playwright-core'
import { expect } from 'vitest'

const axeSource = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
)

type ThemeMode = 'light' | 'dark'
type WithAppKit = { appKit: { setThemeMode(mode: ThemeMode): void } }

/**
 * Waits until no finite animation or transition runs in the modal (a colour read halfway
 * through a transition is neither theme's). Endless ones (a spinner) do not change colours.
 */
export async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const root = document.querySelector('[data-latchkey-modal]')?.shadowRoot
    if (!root) return true
    return root
      .getAnimations()
      .every(
        (a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity,
      )
  })
}

/** axe-core over the modal's shadow root (axe follows open shadow roots), once it stands still. */
export async function axeViolations(page: Page, label: string): Promise<string[]> {
  await settled(page)
  if (!(await page.evaluate(() => 'axe' in window))) {
    await page.addScriptTag({ content: axeSource })
  }
  const found = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: typeof import('axe-core') }).axe
    // The embedded wallet's frame is a document of its own origin (packages/frame), not checked here.
    // target-size (WCAG 2.2 AA, 2.5.8: targets of 24 × 24 px) is off in axe by default.
    const result = await axe.run({ include: [['div[data-latchkey-modal]']] } as never, {
      iframes: false,
      rules: { 'target-size': { enabled: true } },
    })
    // axe looked into the shadow root: it checked nodes inside it. (Not colour contrast alone: on
    // views whose every text is Arabic, axe finds that rule inapplicable; the colours are the
    // theme's, checked on the English views.)
    const checked = [...result.passes, ...result.violations, ...result.incomplete].flatMap(
      (r) => r.nodes,
    )
    // A node in a shadow root is named by a list of selectors: the host's, then its own.
    if (!checked.some((n) => n.target.some(Array.isArray)))
      return ['axe checked nothing in the dialog']
    return result.violations.map(
      (v) =>
        `${v.id}: ${v.nodes
          .map(
            (n) =>
              `${n.target.join(' ')}${n.failureSummary ? ` (${n.failureSummary.replace(/\s+/g, ' ')})` : ''}`,
          )
          .join('; ')}`,
    )
  })
  return found.map((violation) => `${label}: ${violation}`)
}

/**
 * axe-core inside the embedded wallet's frame (a document of its own origin, which axeViolations
 * skips), on the card it shows. The frame's CSP allows no inline script, so axe goes in as a
 * string expression (run by CDP, outside the page's CSP). Fails, rather than passing vacuously,
 * when no card is shown, or axe checked no node of it, not each of its buttons, or no colour
 * contrast in it.
 */
export async function frameAxeViolations(frame: Frame, label: string): Promise<string[]> {
  // No finite animation or transition runs in the frame (a colour read halfway is neither theme's).
  await expect
    .poll(() =>
      frame.evaluate(() =>
        document
          .getAnimations()
          .every(
            (a) =>
              a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity,
          ),
      ),
    )
    .toBe(true)
  if (!(await frame.evaluate(() => 'axe' in window))) await frame.evaluate(axeSource)
  const found = await frame.evaluate(async () => {
    const axe = (window as unknown as { axe: typeof import('axe-core') }).axe
    // The whole frame document (its lang, its title), the shown card in it
    const result = await axe.run(document, {
      rules: { 'target-size': { enabled: true } },
    })
    const card = document.querySelector('.lk-approval:not([hidden]) > .lk-card')
    if (!card) return ['no card is shown in the frame']
    const inCard = (r: { nodes: { target: unknown[] }[] }) =>
      r.nodes.some((n) => {
        const selector = n.target[0]
        const node = typeof selector === 'string' ? document.querySelector(selector) : null
        return node !== null && card.contains(node)
      })
    const checked = [...result.passes, ...result.violations, ...result.incomplete]
    const problems: string[] = []
    if (!checked.some(inCard)) problems.push('axe checked nothing in the card')
    if (!result.passes.some(inCard)) problems.push('axe passed nothing in the card')
    // Every button the card shows is among the nodes axe checked (button-name takes them all)
    const seen = new Set(
      checked
        .flatMap((r) => r.nodes)
        .map((n) => (typeof n.target[0] === 'string' ? document.querySelector(n.target[0]) : null)),
    )
    for (const button of card.querySelectorAll('button')) {
      if (button.checkVisibility() && !seen.has(button))
        problems.push(`axe did not check ${button.dataset.testid ?? button.textContent}`)
    }
    if (
      ![...result.passes, ...result.violations].some((r) => r.id === 'color-contrast' && inCard(r))
    )
      problems.push('axe measured no colour contrast in the card')
    return [
      ...problems,
      ...result.violations.map(
        (v) =>
          `${v.id}: ${v.nodes
            .map(
              (n) =>
                `${n.target.join(' ')}${n.failureSummary ? ` (${n.failureSummary.replace(/\s+/g, ' ')})` : ''}`,
            )
            .join('; ')}`,
      ),
    ]
  })
  return found.map((violation) => `${label}: ${violation}`)
}

export async function setTheme(page: Page, mode: ThemeMode): Promise<void> {
  await page.evaluate((m) => (window as unknown as WithAppKit).appKit.setThemeMode(m), mode)
  await page.locator(`[role="dialog"]`).waitFor()
  await page.locator(`.lk-root[data-theme="${mode}"]`).first().waitFor({ state: 'attached' })
}

/** Runs axe on the view shown in both themes; returns what it found, labelled with the view. */
export async function checkBothThemes(page: Page, label: string): Promise<string[]> {
  const found: string[] = []
  for (const mode of ['dark', 'light'] as const) {
    await setTheme(page, mode)
    found.push(...(await axeViolations(page, `${label} [${mode}]`)))
  }
  return found
}

export interface Focused {
  testId: string | null
  tag: string
  text: string
  inDialog: boolean
  /** A focus indicator is drawn: the element matches :focus-visible and has an outline that is
   * not none, or a box-shadow */
  ring: boolean
}

/** The focused element, looking through shadow roots, and whether its focus shows. */
export function focused(page: Page): Promise<Focused> {
  return page.evaluate(() => {
    let active = document.activeElement
    while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement
    if (!active || active === document.body) {
      return { testId: null, tag: 'body', text: '', inDialog: false, ring: false }
    }
    const style = getComputedStyle(active)
    const outline = style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0
    const shadow = style.boxShadow !== 'none' && style.boxShadow !== ''
    return {
      testId: active.getAttribute('data-testid'),
      tag: active.tagName.toLowerCase(),
      text: (active.textContent ?? '').trim().slice(0, 40),
      inDialog: Boolean(active.closest('[role="dialog"]')),
      ring: active.matches(':focus-visible') && (outline || shadow),
    }
  })
}

/** Asserts that the focused element shows its focus; returns it. */
export async function expectVisibleFocus(page: Page): Promise<Focused> {
  const now = await focused(page)
  expect(now, `focus ring on ${now.tag} ${now.testId ?? now.text}`).toMatchObject({ ring: true })
  return now
}

/**
 * Presses Tab (or Shift+Tab) until the element with this data-testid has focus, checking the
 * focus ring at every stop on the way.
 */
export async function tabTo(
  page: Page,
  testId: string,
  { back = false, max = 60 }: { back?: boolean; max?: number } = {},
): Promise<void> {
  const stops: string[] = []
  for (let i = 0; i < max; i++) {
    const now = await focused(page)
    if (now.testId === testId) {
      await expectVisibleFocus(page)
      return
    }
    if (now.tag !== 'body') {
      expect(now, `focus ring on ${now.tag} ${now.testId ?? now.text}`).toMatchObject({
        ring: true,
      })
    }
    stops.push(now.testId ?? now.tag)
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab')
  }
  throw new Error(`Tab never reached ${testId}; it went through ${stops.join(', ')}`)
}

/** Waits until the element with this data-testid has focus (a view moved it there). */
export async function focusReaches(page: Page, testId: string): Promise<void> {
  await expect.poll(async () => (await focused(page)).testId).toBe(testId)
  await expectVisibleFocus(page)
}
