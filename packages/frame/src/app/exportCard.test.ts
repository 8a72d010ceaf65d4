// @vitest-environment jsdom
// The key export card on its own (issue 30): only the visitor's own (trusted) acts move it; the
// key shows while Reveal is held by pointer or key and is masked on release; Copy hands it to
// the clipboard and says so. The whole flow with the real server: keyExport.server.test.ts.
import { describe, expect, it } from 'vitest'
import { createExportCard } from './exportCard.ts'
import { dispatchTrusted, trustedClick } from './testing/trusted.ts'
import { ENGLISH } from './texts.ts'

const KEY = { address: '0x0000000000000000000000000000000000000001', secret: '0xabc123' }

function setup(writeText: (text: string) => Promise<void> = async () => {}) {
  const doc = document.implementation.createHTMLDocument('frame')
  const card = createExportCard(doc, { writeText })
  const part = (id: string) => {
    const node = doc.querySelector<HTMLElement>(`[data-testid="frame-export-${id}"]`)
    if (!node) throw new Error(`no frame-export-${id}`)
    return node
  }
  const confirm = () => {
    ;(part('understand') as HTMLInputElement).checked = true
    part('understand').dispatchEvent(new Event('change'))
  }
  const key = (type: 'keydown' | 'keyup', key: string) =>
    dispatchTrusted(part('reveal'), new KeyboardEvent(type, { key, bubbles: true }))
  return { doc, card, part, confirm, key }
}

describe('export card', () => {
  it('moves only on trusted acts: a scripted click neither shows the key nor closes the card', async () => {
    const { card, part, confirm } = setup()
    let asked = 0
    const done = card.run(new AbortController().signal, async () => {
      asked++
      return KEY
    })
    confirm()
    part('show').click()
    part('cancel').click()
    await new Promise((r) => setTimeout(r, 10))
    expect(asked).toBe(0)
    trustedClick(part('show'))
    await expect.poll(() => part('key').hidden).toBe(false)
    expect(asked).toBe(1)
    part('done').click()
    trustedClick(part('done'))
    await expect(done).resolves.toBeUndefined()
  })

  it('shows the key while Space is held on Reveal and masks it on release', async () => {
    const { card, part, confirm, key } = setup()
    void card.run(new AbortController().signal, async () => KEY)
    confirm()
    trustedClick(part('show'))
    await expect.poll(() => part('key').hidden).toBe(false)
    expect(part('key').textContent).not.toContain('abc123')
    key('keydown', ' ')
    expect(part('key').textContent).toBe(KEY.secret)
    expect(part('reveal').getAttribute('aria-pressed')).toBe('true')
    key('keyup', ' ')
    expect(part('key').textContent).toBe('•'.repeat(24))
    expect(part('reveal').getAttribute('aria-pressed')).toBe('false')
  })

  it('copies the key to the clipboard and says so; a refused clipboard says to write it down', async () => {
    const copied: string[] = []
    const ok = setup(async (text) => void copied.push(text))
    void ok.card.run(new AbortController().signal, async () => KEY)
    ok.confirm()
    trustedClick(ok.part('show'))
    await expect.poll(() => ok.part('key').hidden).toBe(false)
    trustedClick(ok.part('copy'))
    await expect.poll(() => ok.part('status').textContent).toBe(ENGLISH.export.copied)
    expect(copied).toEqual([KEY.secret])

    const refused = setup(() => Promise.reject(new Error('denied')))
    void refused.card.run(new AbortController().signal, async () => KEY)
    refused.confirm()
    trustedClick(refused.part('show'))
    await expect.poll(() => refused.part('key').hidden).toBe(false)
    trustedClick(refused.part('copy'))
    await expect.poll(() => refused.part('status').textContent).toBe(ENGLISH.export.copyFailed)
  })

  it('an abort takes the card down and forgets the key; a second export while one is open is refused', async () => {
    const { card, part, confirm, doc } = setup()
    const controller = new AbortController()
    const first = card.run(controller.signal, async () => KEY)
    await expect(card.run(new AbortController().signal, async () => KEY)).rejects.toThrow(
      'A key export is open already',
    )
    confirm()
    trustedClick(part('show'))
    await expect.poll(() => part('key').hidden).toBe(false)
    controller.abort()
    await expect(first).rejects.toThrow('Request was aborted')
    expect(part('key').textContent).toBe('')
    expect(doc.documentElement.hasAttribute('data-approval')).toBe(false)
    expect((part('understand') as HTMLInputElement).checked).toBe(false)
  })
})
