// @vitest-environment jsdom
// What the card shows and tells assistive technology, and how it is laid out and styled.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { type ApprovalView, createApprovalUi } from './approval.ts'
import { describeCalls } from './smartAccount/sendCalls.ts'
import { manualClock } from './testing/clock.ts'
import { trustedClick } from './testing/trusted.ts'
import { fakeObserver } from './testing/visibility.ts'
import { ENGLISH } from './texts.ts'

const ORIGIN = 'http://127.0.0.1:5173'
const view = (over: Partial<ApprovalView> = {}): ApprovalView => ({
  title: 'Sign message',
  action: 'sign a message',
  origin: ORIGIN,
  details: [
    { label: 'Message', value: 'hello', block: true },
    { label: 'Account', value: '0xabc', mono: true },
  ],
  ...over,
})
const CALL = { to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', value: 10n ** 18n } as const
const card = () => document.querySelector<HTMLElement>('[data-testid="frame-approval"]')
const approve = () => document.querySelector<HTMLButtonElement>('[data-testid="frame-approve"]')
const hint = () => document.querySelector('[data-testid="frame-approve-hint"]')
const byId = (id: string | null | undefined) => document.getElementById(id ?? '')

function setup(tracksVisibility = true) {
  const clock = manualClock()
  const ui = createApprovalUi(document, {
    visibility: { observer: fakeObserver().factory, tracksVisibility, ...clock },
  })
  return { ui, clock }
}

afterEach(() => {
  document.body.replaceChildren()
  Reflect.deleteProperty(document, 'visibilityState')
})

describe('the approval card for assistive technology', () => {
  it('is a modal dialog named by its title and described by who asks what', () => {
    const { ui } = setup()
    ui.request(view({ dappName: 'Demo' }), new AbortController().signal)
    expect(card()?.getAttribute('role')).toBe('dialog')
    expect(card()?.getAttribute('aria-modal')).toBe('true')
    expect(byId(card()?.getAttribute('aria-labelledby'))?.textContent).toBe('Sign message')
    const description = byId(card()?.getAttribute('aria-describedby'))
    expect(description?.textContent).toContain(ORIGIN)
    expect(description?.textContent).toContain('Demo asks you to sign a message')
  })

  it('announces the waiting count politely, and says why Approve is off until it is on', () => {
    const { ui, clock } = setup()
    ui.request(view(), new AbortController().signal)
    ui.request(view(), new AbortController().signal)
    const queued = document.querySelector('.lk-queued')
    expect(queued?.getAttribute('aria-live')).toBe('polite')
    expect(queued?.textContent).toBe('1 more request waiting')
    expect(byId(approve()?.getAttribute('aria-describedby'))?.textContent).toBe(
      ENGLISH.approval.waiting,
    )
    clock.advance(500)
    expect(approve()?.getAttribute('aria-disabled')).toBe('false')
    expect(approve()?.hasAttribute('aria-describedby')).toBe(false)
    expect(hint()?.textContent).toBe('')
  })

  it('marks the document while a request is shown (the page behind takes the card’s colours)', async () => {
    const { ui } = setup()
    const controller = new AbortController()
    const decision = ui.request(view(), controller.signal)
    expect(document.documentElement.getAttribute('data-approval')).toBe('open')
    controller.abort()
    await expect(decision).rejects.toThrow()
    expect(document.documentElement.hasAttribute('data-approval')).toBe(false)
  })
})

describe('what the card shows', () => {
  it('the dapp’s icon, fetched without a referrer and with no alternative text of its own', () => {
    const { ui } = setup()
    ui.request(view({ dappIcon: 'https://cdn.example/icon.png' }), new AbortController().signal)
    const icon = card()?.querySelector('img')
    expect(icon?.getAttribute('src')).toBe('https://cdn.example/icon.png')
    expect(icon?.referrerPolicy).toBe('no-referrer')
    expect(icon?.getAttribute('alt')).toBe('')
  })

  it('no icon from an untrusted address, and no stale icon from the request before', async () => {
    const { ui, clock } = setup()
    const first = ui.request(
      view({ dappIcon: 'https://cdn.example/icon.png' }),
      new AbortController().signal,
    )
    ui.request(view({ dappIcon: 'http://tracker.example/p.png' }), new AbortController().signal)
    clock.advance(500)
    trustedClick(approve())
    await first
    expect(card()?.querySelector('img')).toBeNull()
  })

  it('block values preformatted, others inline, each under its label, and none left from before', async () => {
    const { ui, clock } = setup()
    const first = ui.request(view(), new AbortController().signal)
    const terms = () => [...document.querySelectorAll('dt')].map((t) => t.textContent)
    expect(terms()).toEqual(['Message', 'Account'])
    const [message, account] = [...document.querySelectorAll('dd')].map((d) => d.firstElementChild)
    expect(message?.tagName).toBe('PRE')
    expect(message?.textContent).toBe('hello')
    expect(account?.tagName).toBe('SPAN')
    expect(account?.textContent).toBe('0xabc')
    ui.request(view({ details: [{ label: 'Type', value: 'Mail' }] }), new AbortController().signal)
    clock.advance(500)
    trustedClick(approve())
    await first
    expect(terms()).toEqual(['Type'])
  })

  it('addresses and hex read left to right in any language; words follow the page; a block of lines one per line', () => {
    const { ui } = setup()
    ui.request(
      view({
        details: [
          { label: 'To', value: '0xabc', mono: true },
          { label: 'To', value: { text: 'New contract (deployment)' } },
          {
            label: 'Transactions',
            value: [
              { label: 'Fee payer', value: 'So1' },
              { label: 'Size', value: { text: '{count} bytes', params: { count: 2 } } },
            ],
            block: true,
          },
        ],
      }),
      new AbortController().signal,
    )
    const [address, words, lines] = [...document.querySelectorAll('dd')].map(
      (d) => d.firstElementChild as HTMLElement,
    )
    expect(address?.dir).toBe('ltr')
    expect(words?.dir).toBe('')
    expect(words?.textContent).toBe('New contract (deployment)')
    expect(lines?.textContent).toBe('Fee payer: So1\nSize: 2 bytes')
  })

  it('every part of the card carries a class the frame’s stylesheet styles', () => {
    const css = readFileSync(join(import.meta.dirname, 'styles.css'), 'utf8')
    const styled = new Set([...css.matchAll(/\.(lk-[\w-]+)/g)].map((m) => m[1]))
    const { ui } = setup()
    ui.request(view({ dappIcon: 'https://cdn.example/i.png' }), new AbortController().signal)
    ui.request(view(), new AbortController().signal)
    const root = document.querySelector('.lk-approval')
    // the wrapper that is only the dialog's description needs no style of its own
    const description = card()?.getAttribute('aria-describedby')
    const parts = [root, ...(root?.querySelectorAll('*') ?? [])].filter(
      (part) => part && !['DT', 'DD'].includes(part.tagName) && part.id !== description,
    )
    expect(parts.length).toBeGreaterThanOrEqual(15)
    for (const part of parts) {
      expect(
        [...(part?.classList ?? [])].some((name) => styled.has(name)),
        part?.outerHTML,
      ).toBe(true)
    }
    // a value's look is its classes alone (mono, block): none is left unstyled
    for (const value of root?.querySelectorAll('dd > *') ?? []) {
      for (const name of value.classList) expect(styled, value.outerHTML).toContain(name)
    }
    expect(root?.querySelector('dd > pre')?.classList.contains('lk-block')).toBe(true)
    expect(root?.querySelector('dd > span')?.classList.contains('lk-mono')).toBe(true)
  })
})

describe('the card while the visitor looks elsewhere', () => {
  it('a hidden page turns Approve off; shown again, the wait starts over', async () => {
    let state: DocumentVisibilityState = 'visible'
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state })
    const { ui, clock } = setup()
    const decision = ui.request(view(), new AbortController().signal)
    clock.advance(500)
    state = 'hidden'
    document.dispatchEvent(new Event('visibilitychange'))
    expect(approve()?.getAttribute('aria-disabled')).toBe('true')
    clock.advance(1000)
    trustedClick(approve())
    expect(ui.pending()).toBe(1)
    state = 'visible'
    document.dispatchEvent(new Event('visibilitychange'))
    clock.advance(499)
    expect(approve()?.getAttribute('aria-disabled')).toBe('true')
    clock.advance(1)
    trustedClick(approve())
    await expect(decision).resolves.toBe(true)
  })
})

describe('the buttons’ places', () => {
  it('stay put from one request to the next; only the Confirm step swaps them', async () => {
    const { ui, clock } = setup(false)
    const buttons = document.querySelector('.lk-buttons')
    const records: MutationRecord[] = []
    const moves = new MutationObserver((delivered) => records.push(...delivered))
    if (buttons) moves.observe(buttons, { childList: true })
    const moved = () => [...records.splice(0), ...moves.takeRecords()].length
    const first = ui.request(view(), new AbortController().signal)
    ui.request(view(), new AbortController().signal)
    clock.advance(500)
    trustedClick(approve())
    await first
    expect(moved()).toBe(0)
    ui.request(
      view({ details: [{ label: 'Value', value: '1 ETH' }] }),
      new AbortController().signal,
    )
    trustedClick(document.querySelector('[data-testid="frame-reject"]'))
    clock.advance(500)
    trustedClick(approve())
    expect(card()?.getAttribute('data-step')).toBe('confirm')
    expect(moved()).toBeGreaterThan(0)
    moves.disconnect()
  })
})

describe('the second step where the browser cannot vouch for visibility', () => {
  it.each([
    ['an EVM transfer', 'Value'],
    ['contract call data', 'Data'],
    ['a Solana transaction', 'Fee payer'],
    ['a Solana transfer', 'Transfer'],
    ['a batch of Solana transactions', 'Transactions'],
    ['a batch of calls (wallet_sendCalls)', describeCalls([CALL], 31337, CALL.to)[0]?.label],
    ['a grant to spend without asking', 'Without asking'],
  ] as const)('%s takes Confirm after Approve', async (_, label) => {
    const { ui, clock } = setup(false)
    const decision = ui.request(
      view({
        details: [
          { label: label ?? 'Value', value: '1' },
          { label: 'Network', value: 'Chain 1' },
        ],
      }),
      new AbortController().signal,
    )
    clock.advance(500)
    trustedClick(approve())
    expect(ui.pending()).toBe(1)
    expect(approve()?.textContent).toBe(ENGLISH.approval.confirm)
    expect(hint()?.textContent).toBe(ENGLISH.approval.confirmStep)
    clock.advance(500)
    trustedClick(approve())
    await expect(decision).resolves.toBe(true)
  })
})
