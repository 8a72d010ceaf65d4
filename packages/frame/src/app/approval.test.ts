// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest'
import { ApprovalAborted, type ApprovalView, createApprovalUi, safeIconUrl } from './approval.ts'
import { manualClock } from './testing/clock.ts'
import { fakeObserver } from './testing/visibility.ts'
import { ENGLISH } from './texts.ts'

const ORIGIN = 'http://127.0.0.1:5173'
const view = (over: Partial<ApprovalView> = {}): ApprovalView => ({
  title: 'Sign message',
  action: 'sign a message',
  origin: ORIGIN,
  details: [{ label: 'Message', value: 'hello', block: true }],
  ...over,
})
const tick = (ms = 0) => new Promise((r) => setTimeout(r, ms))
const approve = () => document.querySelector<HTMLButtonElement>('[data-testid="frame-approve"]')
const reject = () => document.querySelector<HTMLButtonElement>('[data-testid="frame-reject"]')
const root = () => document.querySelector<HTMLElement>('.lk-approval')

afterEach(() => {
  document.body.replaceChildren()
})

describe('the approval card', () => {
  it('is hidden while idle', () => {
    createApprovalUi(document)
    expect(root()?.hidden).toBe(true)
  })

  it('shows title, origin and details as text; real buttons; focus on Reject', async () => {
    const ui = createApprovalUi(document, { approveDelayMs: 0 })
    const decision = ui.request(
      view({
        dappName: '<img src=x onerror=alert(1)>',
        details: [{ label: 'Message', value: '<b>bold</b>', block: true }],
      }),
      new AbortController().signal,
    )
    expect(root()?.hidden).toBe(false)
    const card = document.querySelector('[role="dialog"]')
    expect(card?.getAttribute('aria-modal')).toBe('true')
    expect(document.getElementById(card?.getAttribute('aria-labelledby') ?? '')?.textContent).toBe(
      'Sign message',
    )
    expect(document.querySelector('[data-testid="frame-origin"]')?.textContent).toBe(ORIGIN)
    expect(card?.querySelector('img')).toBeNull()
    expect(card?.querySelector('b')).toBeNull()
    expect(card?.textContent).toContain('<b>bold</b>')
    expect(card?.textContent).toContain('<img src=x onerror=alert(1)> asks you to sign a message')
    expect(approve()?.tagName).toBe('BUTTON')
    expect(approve()?.type).toBe('button')
    expect(document.activeElement).toBe(reject())
    reject()?.click()
    // jsdom's element.click() is not a trusted event: nothing happens
    expect(ui.pending()).toBe(1)
    expect(root()?.hidden).toBe(false)
    let settled = false
    decision.then(() => {
      settled = true
    })
    await tick()
    expect(settled).toBe(false)
  })

  it('only trusted clicks decide, and Approve waits out its delay', async () => {
    let trusted = false
    const clock = manualClock()
    const ui = createApprovalUi(document, {
      isTrusted: () => trusted,
      approveDelayMs: 30,
      visibility: { observer: fakeObserver().factory, tracksVisibility: true, ...clock },
    })
    const decision = ui.request(view(), new AbortController().signal)
    approve()?.click()
    trusted = true
    expect(approve()?.getAttribute('aria-disabled')).toBe('true')
    approve()?.dispatchEvent(new MouseEvent('click'))
    expect(ui.pending()).toBe(1)
    clock.advance(30)
    expect(approve()?.getAttribute('aria-disabled')).toBe('false')
    approve()?.click()
    await expect(decision).resolves.toBe(true)
    expect(root()?.hidden).toBe(true)
  })

  it('Reject and Escape refuse', async () => {
    const ui = createApprovalUi(document, { isTrusted: () => true, approveDelayMs: 0 })
    const first = ui.request(view(), new AbortController().signal)
    reject()?.click()
    await expect(first).resolves.toBe(false)
    const second = ui.request(view(), new AbortController().signal)
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }))
    await expect(second).resolves.toBe(false)
  })

  it('queues: one at a time, the next shown with Approve disabled again', async () => {
    const clock = manualClock()
    const ui = createApprovalUi(document, {
      isTrusted: () => true,
      approveDelayMs: 20,
      visibility: { observer: fakeObserver().factory, tracksVisibility: true, ...clock },
    })
    const a = ui.request(view({ title: 'Sign message' }), new AbortController().signal)
    const b = ui.request(view({ title: 'Send transaction' }), new AbortController().signal)
    expect(document.querySelector('h1')?.textContent).toBe('Sign message')
    expect(document.querySelector('.lk-ask')?.textContent).toBe(
      'This site asks you to sign a message',
    )
    expect(document.querySelector('.lk-queued')?.textContent).toBe('1 more request waiting')
    clock.advance(20)
    approve()?.click()
    await expect(a).resolves.toBe(true)
    expect(document.querySelector('h1')?.textContent).toBe('Send transaction')
    // a second click right after the first does not approve B
    approve()?.click()
    expect(ui.pending()).toBe(1)
    clock.advance(20)
    approve()?.click()
    await expect(b).resolves.toBe(true)
  })

  it('an abort removes its request: the shown one closes, a waiting one leaves quietly', async () => {
    const ui = createApprovalUi(document, { isTrusted: () => true, approveDelayMs: 0 })
    const first = new AbortController()
    const second = new AbortController()
    const third = new AbortController()
    const a = ui.request(view({ title: 'Sign message' }), first.signal)
    const b = ui.request(view({ title: 'Send transaction' }), second.signal)
    const c = ui.request(view({ title: 'Sign typed data' }), third.signal)
    second.abort()
    await expect(b).rejects.toBeInstanceOf(ApprovalAborted)
    expect(document.querySelector('h1')?.textContent).toBe('Sign message')
    expect(document.querySelector('.lk-queued')?.textContent).toBe('1 more request waiting')
    first.abort()
    await expect(a).rejects.toBeInstanceOf(ApprovalAborted)
    expect(document.querySelector('h1')?.textContent).toBe('Sign typed data')
    third.abort()
    await expect(c).rejects.toBeInstanceOf(ApprovalAborted)
    expect(root()?.hidden).toBe(true)
    expect(document.documentElement.hasAttribute('data-approval')).toBe(false)
    const aborted = new AbortController()
    aborted.abort()
    await expect(ui.request(view(), aborted.signal)).rejects.toBeInstanceOf(ApprovalAborted)
  })

  it('shows the dapp icon only over https or from the requesting origin', () => {
    expect(safeIconUrl('https://cdn.example/icon.png', ORIGIN)).toBe('https://cdn.example/icon.png')
    expect(safeIconUrl(`${ORIGIN}/icon.png`, ORIGIN)).toBe(`${ORIGIN}/icon.png`)
    expect(safeIconUrl('http://tracker.example/pixel.png', ORIGIN)).toBeUndefined()
    expect(safeIconUrl('javascript:alert(1)', ORIGIN)).toBeUndefined()
    expect(safeIconUrl('data:image/svg+xml,<svg/>', ORIGIN)).toBeUndefined()
    expect(safeIconUrl(undefined, ORIGIN)).toBeUndefined()
  })

  it('Approve stays aria-disabled, saying why, until the card has been visible 500 ms; hidden again, it waits again', async () => {
    const clock = manualClock()
    const observer = fakeObserver()
    const ui = createApprovalUi(document, {
      isTrusted: () => true,
      visibility: { observer: observer.factory, tracksVisibility: true, ...clock },
    })
    const decision = ui.request(view(), new AbortController().signal)
    const hint = document.getElementById(approve()?.getAttribute('aria-describedby') ?? '')
    expect(approve()?.getAttribute('aria-disabled')).toBe('true')
    expect(hint?.textContent).toBe(ENGLISH.approval.waiting)
    clock.advance(300)
    approve()?.click()
    expect(ui.pending()).toBe(1)
    clock.advance(200)
    expect(approve()?.getAttribute('aria-disabled')).toBe('false')
    expect(approve()?.hasAttribute('aria-describedby')).toBe(false)
    // the host fades or covers the frame: the browser reports it, Approve is off again
    observer.report(false)
    expect(approve()?.getAttribute('aria-disabled')).toBe('true')
    approve()?.click()
    expect(ui.pending()).toBe(1)
    observer.report(true)
    clock.advance(500)
    approve()?.click()
    await expect(decision).resolves.toBe(true)
  })

  it('without IntersectionObserver v2 a transaction takes a second step: Confirm, where Reject was; Back goes back', async () => {
    const clock = manualClock()
    const ui = createApprovalUi(document, {
      isTrusted: () => true,
      visibility: { observer: fakeObserver().factory, tracksVisibility: false, ...clock },
    })
    const transfer = view({
      title: 'Send transaction',
      details: [{ label: 'Value', value: '1 ETH' }],
    })
    const decision = ui.request(transfer, new AbortController().signal)
    clock.advance(500)
    approve()?.click()
    expect(ui.pending()).toBe(1)
    const buttons = () =>
      [...document.querySelectorAll('.lk-buttons button')].map((b) => b.textContent)
    expect(buttons()).toEqual([ENGLISH.approval.confirm, ENGLISH.approval.back])
    expect(document.querySelector('.lk-hint')?.textContent).toBe(ENGLISH.approval.confirmStep)
    // Confirm waits its own 500 ms
    approve()?.click()
    expect(ui.pending()).toBe(1)
    reject()?.click()
    expect(buttons()).toEqual([ENGLISH.approval.reject, ENGLISH.approval.approve])
    expect(ui.pending()).toBe(1)
    clock.advance(500)
    approve()?.click()
    clock.advance(500)
    approve()?.click()
    await expect(decision).resolves.toBe(true)

    // a message signature needs one step
    const message = ui.request(view(), new AbortController().signal)
    clock.advance(500)
    approve()?.click()
    await expect(message).resolves.toBe(true)
  })

  it('with IntersectionObserver v2 a transaction is approved in one step', async () => {
    const clock = manualClock()
    const ui = createApprovalUi(document, {
      isTrusted: () => true,
      visibility: { observer: fakeObserver().factory, tracksVisibility: true, ...clock },
    })
    const decision = ui.request(
      view({ details: [{ label: 'Value', value: '1 ETH' }] }),
      new AbortController().signal,
    )
    clock.advance(500)
    approve()?.click()
    await expect(decision).resolves.toBe(true)
  })
})
