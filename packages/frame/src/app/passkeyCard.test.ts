// @vitest-environment jsdom
// The passkey card (issue 30): only a trusted click on its own button starts the ceremony, a
// failed ceremony can be tried again, Cancel and Escape refuse, an abort takes it down.
import { afterEach, describe, expect, it } from 'vitest'
import { ApprovalAborted } from './approval.ts'
import { createPasskeyCard } from './passkeyCard.ts'
import { trustedClick, trustedKey } from './testing/trusted.ts'
import { ENGLISH } from './texts.ts'

const VIEW = 'add'
const byTestId = (id: string) => document.querySelector<HTMLElement>(`[data-testid="${id}"]`)
const go = () => byTestId('frame-passkey-continue') as HTMLButtonElement
const card = () => byTestId('frame-passkey') as HTMLElement

afterEach(() => {
  document.body.replaceChildren()
  document.documentElement.removeAttribute('data-approval')
})

describe('the passkey card', () => {
  it('shows its words, runs the ceremony on a trusted click only, and hides with its result', async () => {
    const ui = createPasskeyCard(document)
    let runs = 0
    const result = ui.run(VIEW, new AbortController().signal, async () => ++runs)
    expect(card().closest<HTMLElement>('.lk-approval')?.hidden).toBe(false)
    expect(card().textContent).toContain('Add a passkey')
    expect(go().textContent).toBe('Create passkey')
    expect(document.activeElement).toBe(go())
    go().click() // script-made: untrusted
    expect(runs).toBe(0)
    trustedClick(go())
    await expect(result).resolves.toBe(1)
    expect(card().closest<HTMLElement>('.lk-approval')?.hidden).toBe(true)
    expect(document.documentElement.hasAttribute('data-approval')).toBe(false)
  })

  it('a failed ceremony says so and can be tried again', async () => {
    const ui = createPasskeyCard(document)
    let runs = 0
    const result = ui.run(VIEW, new AbortController().signal, async () => {
      runs++
      if (runs === 1) throw new DOMException('cancelled', 'NotAllowedError')
      return 'made'
    })
    trustedClick(go())
    await expect
      .poll(() => byTestId('frame-passkey-status')?.textContent)
      .toBe(ENGLISH.passkey.failed)
    trustedClick(go())
    await expect(result).resolves.toBe('made')
  })

  it('Cancel and Escape refuse as the visitor; an abort takes the card down', async () => {
    const ui = createPasskeyCard(document)
    const cancelled = ui.run(VIEW, new AbortController().signal, async () => 1)
    await expect(ui.run(VIEW, new AbortController().signal, async () => 2)).rejects.toThrow(
      'A passkey request is open already',
    )
    trustedClick(byTestId('frame-passkey-cancel') as HTMLElement)
    await expect(cancelled).rejects.toMatchObject({
      message: 'User rejected the request',
      code: 4001,
    })

    const escaped = ui.run(VIEW, new AbortController().signal, async () => 1)
    trustedKey(document, 'Escape')
    await expect(escaped).rejects.toMatchObject({ code: 4001 })

    const controller = new AbortController()
    const aborted = ui.run(VIEW, controller.signal, async () => 1)
    controller.abort()
    await expect(aborted).rejects.toBeInstanceOf(ApprovalAborted)
    expect(card().closest<HTMLElement>('.lk-approval')?.hidden).toBe(true)
  })
})
