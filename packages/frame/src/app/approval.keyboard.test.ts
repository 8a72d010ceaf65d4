// @vitest-environment jsdom
// What the visitor's own clicks and keys do, with the browser's trust check (no isTrusted option).
import { afterEach, describe, expect, it } from 'vitest'
import { type ApprovalView, createApprovalUi } from './approval.ts'
import { manualClock } from './testing/clock.ts'
import { trustedClick, trustedKey } from './testing/trusted.ts'
import { fakeObserver } from './testing/visibility.ts'
import { ENGLISH } from './texts.ts'

const view = (over: Partial<ApprovalView> = {}): ApprovalView => ({
  title: 'Sign message',
  action: 'sign a message',
  origin: 'http://127.0.0.1:5173',
  details: [{ label: 'Message', value: 'hello', block: true }],
  ...over,
})
const transfer = view({ title: 'Send transaction', details: [{ label: 'Value', value: '1 ETH' }] })
const approve = () => document.querySelector<HTMLButtonElement>('[data-testid="frame-approve"]')
const reject = () => document.querySelector<HTMLButtonElement>('[data-testid="frame-reject"]')
const shown = () => document.querySelector<HTMLElement>('.lk-approval')?.hidden === false

/** A card with the browser's own trust check and a clock the test moves */
function setup(tracksVisibility = true) {
  const clock = manualClock()
  const ui = createApprovalUi(document, {
    visibility: { observer: fakeObserver().factory, tracksVisibility, ...clock },
  })
  return { ui, clock }
}

afterEach(() => {
  document.body.replaceChildren()
})

describe('the approval card, by the browser’s trust check', () => {
  it('the visitor’s own click approves; the same click made by script does nothing', async () => {
    const { ui, clock } = setup()
    const decision = ui.request(view(), new AbortController().signal)
    clock.advance(500)
    approve()?.dispatchEvent(new MouseEvent('click', { bubbles: true }))
    approve()?.click()
    expect(ui.pending()).toBe(1)
    trustedClick(approve())
    await expect(decision).resolves.toBe(true)
    expect(shown()).toBe(false)
  })

  it('the visitor’s own click on Reject refuses; a scripted one does not', async () => {
    const { ui } = setup()
    const decision = ui.request(view(), new AbortController().signal)
    // a real button, not a form's submit button
    expect(reject()?.type).toBe('button')
    reject()?.click()
    expect(ui.pending()).toBe(1)
    trustedClick(reject())
    await expect(decision).resolves.toBe(false)
  })

  it('Escape refuses the shown request; a scripted Escape does not', async () => {
    const { ui } = setup()
    const decision = ui.request(view(), new AbortController().signal)
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }))
    expect(ui.pending()).toBe(1)
    trustedKey(document, 'Escape')
    await expect(decision).resolves.toBe(false)
  })

  it('other keys decide nothing', () => {
    const { ui, clock } = setup()
    ui.request(view(), new AbortController().signal)
    clock.advance(500)
    for (const key of ['Enter', ' ', 'Esc', 'Tab', 'a']) trustedKey(document, key)
    expect(ui.pending()).toBe(1)
    expect(shown()).toBe(true)
  })

  it('Escape or a click with nothing shown changes nothing, and the next request is decided normally', async () => {
    const { ui, clock } = setup()
    const errors: unknown[] = []
    const onError = (event: ErrorEvent) => errors.push(event.error)
    window.addEventListener('error', onError)
    clock.advance(500)
    trustedKey(document, 'Escape')
    trustedClick(approve())
    trustedClick(reject())
    window.removeEventListener('error', onError)
    expect(errors).toEqual([])
    expect(shown()).toBe(false)
    const decision = ui.request(view(), new AbortController().signal)
    clock.advance(500)
    trustedClick(approve())
    await expect(decision).resolves.toBe(true)
  })

  it('Escape refuses each request in turn, only the shown one each time', async () => {
    const { ui } = setup()
    const a = ui.request(view({ title: 'Sign message' }), new AbortController().signal)
    const b = ui.request(view({ title: 'Send transaction' }), new AbortController().signal)
    trustedKey(document, 'Escape')
    await expect(a).resolves.toBe(false)
    expect(document.querySelector('h1')?.textContent).toBe('Send transaction')
    expect(ui.pending()).toBe(1)
    trustedKey(document, 'Escape')
    await expect(b).resolves.toBe(false)
  })

  it('on the Confirm step Escape refuses outright, while a click on Back only goes back', async () => {
    const { ui, clock } = setup(false)
    const first = ui.request(transfer, new AbortController().signal)
    clock.advance(500)
    trustedClick(approve())
    expect(approve()?.textContent).toBe(ENGLISH.approval.confirm)
    expect(document.activeElement).toBe(approve())
    trustedClick(reject())
    expect(ui.pending()).toBe(1)
    expect(reject()?.textContent).toBe(ENGLISH.approval.reject)
    clock.advance(500)
    trustedClick(approve())
    expect(reject()?.textContent).toBe(ENGLISH.approval.back)
    trustedKey(document, 'Escape')
    await expect(first).resolves.toBe(false)

    // the next request starts on the first step again
    const second = ui.request(transfer, new AbortController().signal)
    expect(approve()?.textContent).toBe(ENGLISH.approval.approve)
    expect(
      document.querySelector('[data-testid="frame-approval"]')?.getAttribute('data-step'),
    ).toBe('approve')
    clock.advance(500)
    trustedClick(approve())
    clock.advance(500)
    trustedClick(approve())
    await expect(second).resolves.toBe(true)
  })
})
