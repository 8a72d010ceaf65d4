// @vitest-environment jsdom
// Requests that wait their turn: what the card says about them, and what an abort does to them.
import { afterEach, describe, expect, it } from 'vitest'
import { ApprovalAborted, type ApprovalView, createApprovalUi } from './approval.ts'
import { manualClock } from './testing/clock.ts'
import { trustedClick } from './testing/trusted.ts'
import { fakeObserver } from './testing/visibility.ts'

/** Three requests told apart by their titles */
const TITLES = { A: 'Sign message', B: 'Send transaction', C: 'Sign typed data' } as const
type Name = keyof typeof TITLES
const view = (name: Name): ApprovalView => ({
  title: TITLES[name],
  action: 'sign a message',
  origin: 'http://127.0.0.1:5173',
  details: [{ label: 'Message', value: name }],
})
const approve = () => document.querySelector<HTMLButtonElement>('[data-testid="frame-approve"]')
const reject = () => document.querySelector<HTMLButtonElement>('[data-testid="frame-reject"]')
const title = () => document.querySelector('h1')?.textContent
const waiting = () => document.querySelector('.lk-queued')?.textContent
const approveOn = () => approve()?.getAttribute('aria-disabled') === 'false'

function setup() {
  const clock = manualClock()
  const ui = createApprovalUi(document, {
    visibility: { observer: fakeObserver().factory, tracksVisibility: true, ...clock },
  })
  const request = (name: Name, controller = new AbortController()) => {
    const decision = ui.request(view(name), controller.signal)
    decision.catch(() => {})
    return { decision, abort: () => controller.abort() }
  }
  return { ui, clock, request }
}

afterEach(() => {
  document.body.replaceChildren()
})

describe('queued approval requests', () => {
  it('counts the requests waiting behind the shown one, and says nothing when none waits', async () => {
    const { ui, clock, request } = setup()
    const a = request('A')
    expect(waiting()).toBe('')
    request('B')
    request('C')
    expect(waiting()).toBe('2 more requests waiting')
    clock.advance(500)
    trustedClick(approve())
    await expect(a.decision).resolves.toBe(true)
    expect(title()).toBe(TITLES.B)
    expect(waiting()).toBe('1 more request waiting')
    trustedClick(reject())
    expect(title()).toBe(TITLES.C)
    expect(waiting()).toBe('')
    expect(ui.pending()).toBe(1)
  })

  it('a request arriving does not restart the shown one’s Approve nor move the visitor’s focus', async () => {
    const { clock, request } = setup()
    const a = request('A')
    clock.advance(500)
    approve()?.focus()
    request('B')
    expect(title()).toBe(TITLES.A)
    expect(approveOn()).toBe(true)
    expect(document.activeElement).toBe(approve())
    trustedClick(approve())
    await expect(a.decision).resolves.toBe(true)
  })

  it('a waiting request aborted leaves quietly: the shown one keeps its Approve, focus and count', async () => {
    const { ui, clock, request } = setup()
    const a = request('A')
    const b = request('B')
    request('C')
    clock.advance(500)
    approve()?.focus()
    b.abort()
    await expect(b.decision).rejects.toBeInstanceOf(ApprovalAborted)
    expect(title()).toBe(TITLES.A)
    expect(waiting()).toBe('1 more request waiting')
    expect(approveOn()).toBe(true)
    expect(document.activeElement).toBe(approve())
    expect(ui.pending()).toBe(2)
    trustedClick(approve())
    await expect(a.decision).resolves.toBe(true)
    // the aborted one is never shown
    expect(title()).toBe(TITLES.C)
  })

  it('the shown request aborted: the next is shown, with its own wait before Approve', async () => {
    const { clock, request } = setup()
    const a = request('A')
    const b = request('B')
    clock.advance(500)
    a.abort()
    await expect(a.decision).rejects.toBeInstanceOf(ApprovalAborted)
    expect(title()).toBe(TITLES.B)
    expect(waiting()).toBe('')
    expect(approveOn()).toBe(false)
    expect(document.activeElement).toBe(reject())
    trustedClick(approve())
    clock.advance(500)
    expect(approveOn()).toBe(true)
    trustedClick(approve())
    await expect(b.decision).resolves.toBe(true)
  })

  it('an abort after the decision changes nothing: the answer stands and the next request stays', async () => {
    const { ui, clock, request } = setup()
    const a = request('A')
    const b = request('B')
    clock.advance(500)
    trustedClick(reject())
    await expect(a.decision).resolves.toBe(false)
    clock.advance(500)
    a.abort()
    expect(title()).toBe(TITLES.B)
    expect(ui.pending()).toBe(1)
    expect(approveOn()).toBe(true)
    trustedClick(approve())
    await expect(b.decision).resolves.toBe(true)
  })

  it('an already aborted request is never shown nor queued', async () => {
    const { ui, request } = setup()
    const aborted = new AbortController()
    aborted.abort()
    const a = request('A', aborted)
    await expect(a.decision).rejects.toBeInstanceOf(ApprovalAborted)
    expect(ui.pending()).toBe(0)
    expect(document.querySelector<HTMLElement>('.lk-approval')?.hidden).toBe(true)
    request('B')
    expect(title()).toBe(TITLES.B)
    expect(waiting()).toBe('')
  })
})
