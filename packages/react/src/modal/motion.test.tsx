import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { Dialog } from './Dialog.tsx'
import { Morph } from './Morph.tsx'
import { modalCss } from './styles.ts'

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
})

/** The rules inside `@media (prefers-reduced-motion: reduce) { … }` */
function reducedMotionRules(): string {
  const start = modalCss.indexOf('@media (prefers-reduced-motion: reduce)')
  let depth = 0
  for (let i = modalCss.indexOf('{', start); i < modalCss.length; i++) {
    if (modalCss[i] === '{') depth++
    if (modalCss[i] === '}' && --depth === 0) return modalCss.slice(start, i + 1)
  }
  return ''
}

describe('motion', () => {
  it('opens, closes, pulses and changes height with motion, and with none under reduced motion', () => {
    expect(modalCss).toMatch(
      /\.lk-overlay:not\(\[data-inline\]\) \.lk-dialog \{ animation: lk-rise/,
    )
    expect(modalCss).toMatch(/\.lk-leaving \{[^}]*animation: lk-fade/)
    expect(modalCss).toMatch(/\.lk-morph\[data-moving\] \{[^}]*transition: height/)
    expect(modalCss).toMatch(/\.lk-skeleton-row \{[^}]*animation: lk-pulse/)
    const reduced = reducedMotionRules()
    for (const selector of [
      '.lk-overlay:not([data-inline])',
      '.lk-overlay:not([data-inline]) .lk-dialog',
      '.lk-overlay:not([data-inline]) .lk-dialog.lk-shake',
      '.lk-leaving',
      '.lk-overlay.lk-leaving .lk-dialog',
      '.lk-skeleton',
      '.lk-skeleton-row',
      '.lk-shake',
    ]) {
      expect(reduced, selector).toContain(selector)
    }
    expect(reduced).toMatch(/\{ animation: none; \}/)
    expect(reduced).toMatch(/\.lk-morph\[data-moving\] \{ transition: none; \}/)
  })
})

/** A ResizeObserver the test calls, and a content height the test sets (jsdom lays out nothing). */
function fakeLayout(transitionDuration: string) {
  let notify = () => {}
  vi.stubGlobal(
    'ResizeObserver',
    class {
      constructor(callback: () => void) {
        notify = callback
      }
      observe() {}
      disconnect() {}
    },
  )
  const real = window.getComputedStyle
  vi.spyOn(window, 'getComputedStyle').mockImplementation((element) =>
    Object.assign(real(element), { transitionDuration }),
  )
  let height = 100
  vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockImplementation(() => height)
  const resize = (next: number) => {
    height = next
    act(() => notify())
  }
  const { container } = render(
    <Morph>
      <p>view</p>
    </Morph>,
  )
  return { box: container.firstElementChild as HTMLElement, resize }
}

describe('Morph', () => {
  it('animates the height from the old view to the new one, then lets it go', () => {
    const { box, resize } = fakeLayout('0.22s')
    expect(box.style.height).toBe('')
    resize(240)
    expect(box.hasAttribute('data-moving')).toBe(true)
    expect(box.style.height).toBe('240px')
    fireEvent.transitionEnd(box, { propertyName: 'height' })
    expect(box.hasAttribute('data-moving')).toBe(false)
    expect(box.style.height).toBe('')
  })

  it('jumps at once when the CSS gives it no transition (prefers-reduced-motion: reduce)', () => {
    const { box, resize } = fakeLayout('0s')
    resize(240)
    expect(box.hasAttribute('data-moving')).toBe(false)
    expect(box.style.height).toBe('')
  })
})

function renderDialog() {
  const root = document.createElement('div')
  root.className = 'lk-root'
  document.body.append(root)
  const view = render(
    <Dialog labelledBy="t" onClose={() => {}} onBlockedClose={() => {}} closable shake={false}>
      <h2 id="t">Connect Wallet</h2>
      <div data-view="Connect">
        <button type="button" data-testid="first">
          First
        </button>
      </div>
    </Dialog>,
    { container: root },
  )
  return { root, ...view }
}

describe('closing', () => {
  it('the dialog is gone at once, focus is back; an inert unnamed copy fades out, then goes', async () => {
    const real = window.getComputedStyle
    vi.spyOn(window, 'getComputedStyle').mockImplementation((element) =>
      Object.assign(real(element), { animationName: 'lk-fade' }),
    )
    const opener = document.createElement('button')
    document.body.append(opener)
    opener.focus()
    const { root, unmount } = renderDialog()
    unmount()
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(document.activeElement).toBe(opener)
    await act(() => Promise.resolve())
    const copy = root.querySelector('.lk-leaving') as HTMLElement
    expect(copy.getAttribute('aria-hidden')).toBe('true')
    expect(copy.inert).toBe(true)
    expect(copy.querySelector('[role], [id], [data-testid], [data-view]')).toBeNull()
    expect(screen.queryByTestId('first')).toBeNull()
    fireEvent.animationEnd(copy)
    expect(root.querySelector('.lk-leaving')).toBeNull()
    opener.remove()
    root.remove()
  })

  it('no copy at all without a closing animation (reduced motion)', async () => {
    const { root, unmount } = renderDialog()
    unmount()
    await act(() => Promise.resolve())
    expect(root.children.length).toBe(0)
    root.remove()
  })
})
