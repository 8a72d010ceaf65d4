// @vitest-environment jsdom
// The cards' language: a tag the modal speaks loads its table and turns the document's lang and
// direction; each card takes its words when it opens; anything else stays English.
import { describe, expect, it } from 'vitest'
import { createApprovalUi } from '../approval.ts'
import { createExportCard } from '../exportCard.ts'
import { createPasskeyCard } from '../passkeyCard.ts'
import { ENGLISH } from '../texts.ts'
import { createLanguage } from './language.ts'
import ar from './locales/ar.ts'
import de from './locales/de.ts'
import ru from './locales/ru.ts'

const frameDocument = () => document.implementation.createHTMLDocument('frame')

describe('the frame language', () => {
  it('is English until a translation is in; then the root says its lang and direction', async () => {
    const doc = frameDocument()
    const language = createLanguage(doc.documentElement)
    expect(language.say('Sign message')).toBe('Sign message')
    await language.set('ar')
    expect(language.locale()).toBe('ar')
    expect(doc.documentElement.lang).toBe('ar')
    expect(doc.documentElement.dir).toBe('rtl')
    expect(language.say('Sign message')).toBe(ar.card['Sign message'])
    await language.set('de')
    expect(doc.documentElement.dir).toBe('ltr')
    expect(language.say('Account')).toBe(de.card.Account)
    await language.set('en')
    expect(language.say('Account')).toBe('Account')
    expect(doc.documentElement.lang).toBe('en')
  })

  it('a tag it has no table for stays English and says so', async () => {
    const logged: string[] = []
    const language = createLanguage(undefined, (message) => logged.push(message))
    await language.set('de')
    await language.set('nl')
    expect(language.locale()).toBe('en')
    expect(language.say('Account')).toBe('Account')
    expect(logged).toEqual(['no translation for nl: the cards stay English'])
    // an own property of the table only: no prototype key loads anything
    await language.set('constructor')
    expect(language.locale()).toBe('en')
  })

  it('the latest choice wins when two loads race', async () => {
    const language = createLanguage()
    const first = language.set('ar')
    const second = language.set('de')
    await Promise.all([first, second])
    expect(language.locale()).toBe('de')
  })

  it('fills placeholders, picks the plural form of the language, and formats numbers and dates', async () => {
    const language = createLanguage()
    expect(language.say({ text: 'Call {index} of {count}', params: { index: 2, count: 3 } })).toBe(
      'Call 2 of 3',
    )
    expect(language.say({ text: '{count} bytes', params: { count: 1 } })).toBe('1 byte')
    expect(language.say({ text: '{count} bytes', params: { count: 1234 } })).toBe('1234 bytes')
    expect(language.count(ENGLISH.approval.waitingRequests, 2)).toBe('2 more requests waiting')
    await language.set('ru')
    const forms = ru.approval.waitingRequests
    expect(language.count(forms, 1)).toBe(forms.one?.replace('{count}', '1'))
    expect(language.count(forms, 3)).toBe(forms.few?.replace('{count}', '3'))
    expect(language.count(forms, 5)).toBe(forms.many?.replace('{count}', '5'))
    await language.set('ar')
    // counts in the digits the locale writes; a chain id is an identifier, kept as it is
    expect(language.say({ text: '{count} bytes', params: { count: 10 } })).toBe(
      language.count(ar.card['{count} bytes'], 10),
    )
    expect(language.count(ar.card['{count} bytes'], 10)).toContain((10).toLocaleString('ar'))
    expect(language.say({ text: 'Chain {chainId}', params: { chainId: '10' } })).toBe(
      ar.card['Chain {chainId}'].replace('{chainId}', '10'),
    )
    const time = new Date(Date.UTC(2030, 0, 15, 12))
    expect(language.say({ text: '{time}', params: { time } })).toBe(
      ar.card['{time}'].replace(
        '{time}',
        new Intl.DateTimeFormat('ar', { dateStyle: 'medium', timeStyle: 'short' }).format(time),
      ),
    )
    // a placeholder's value is not read as a placeholder again
    expect(
      createLanguage().say({
        text: 'Up to {amount} base units of {token}',
        params: { amount: '{token}', token: 'X' },
      }),
    ).toBe('Up to {token} base units of X')
  })

  it('each card opens in the language shown then', async () => {
    const doc = frameDocument()
    const language = createLanguage(doc.documentElement)
    const trusted = () => true
    const approval = createApprovalUi(doc, { isTrusted: trusted, approveDelayMs: 0, language })
    const passkey = createPasskeyCard(doc, { isTrusted: trusted, language })
    const exportCard = createExportCard(doc, { isTrusted: trusted, language })
    await language.set('de')

    const signal = new AbortController().signal
    void approval.request(
      {
        title: 'Sign message',
        action: 'sign a message',
        origin: 'https://app.example',
        details: [{ label: 'Account', value: '0xabc', mono: true }],
      },
      signal,
    )
    void approval.request(
      {
        title: 'Send transaction',
        action: 'send a transaction',
        origin: 'https://app.example',
        details: [],
      },
      signal,
    )
    const card = doc.querySelector('[data-testid="frame-approval"]')
    expect(card?.querySelector('h1')?.textContent).toBe(de.card['Sign message'])
    expect(card?.querySelector('.lk-ask')?.textContent).toBe(
      de.approval.asks
        .replace('{who}', de.approval.thisSite)
        .replace('{action}', de.card['sign a message']),
    )
    expect(card?.querySelector('dt')?.textContent).toBe(de.card.Account)
    expect(card?.querySelector<HTMLElement>('dd span')?.textContent).toBe('0xabc')
    expect(doc.querySelector('[data-testid="frame-approve"]')?.textContent).toBe(
      de.approval.approve,
    )
    expect(doc.querySelector('[data-testid="frame-reject"]')?.textContent).toBe(de.approval.reject)
    expect(card?.querySelector('.lk-queued')?.textContent).toBe(
      de.approval.waitingRequests.one?.replace('{count}', '1'),
    )

    void passkey.run('signIn', signal, async () => 1).catch(() => undefined)
    expect(doc.querySelector('#lk-passkey-title')?.textContent).toBe(de.passkey.signInTitle)
    expect(doc.querySelector('[data-testid="frame-passkey-continue"]')?.textContent).toBe(
      de.passkey.signInButton,
    )
    expect(doc.querySelector('[data-testid="frame-passkey-cancel"]')?.textContent).toBe(
      de.passkey.cancel,
    )

    await language.set('ar')
    void exportCard
      .run(signal, async () => ({ address: '0x1', secret: '0x2' }))
      .catch(() => undefined)
    expect(doc.querySelector('#lk-export-title')?.textContent).toBe(ar.export.title)
    expect(doc.querySelector('[data-testid="frame-export-show"]')?.textContent).toBe(ar.export.show)
    expect(doc.querySelector('[data-testid="frame-export-key"]')?.getAttribute('aria-label')).toBe(
      ar.export.keyLabel,
    )
    expect(doc.querySelector('label.lk-check')?.textContent).toBe(ar.export.understand)
    // the origin, an address and the key stay left to right inside the mirrored card
    expect(doc.querySelector<HTMLElement>('[data-testid="frame-origin"]')?.dir).toBe('ltr')
    expect(card?.querySelector<HTMLElement>('dd span')?.dir).toBe('ltr')
    expect(doc.querySelector<HTMLElement>('[data-testid="frame-export-key"]')?.dir).toBe('ltr')
    // the approval card shown before the change keeps its words until it closes
    expect(card?.querySelector('h1')?.textContent).toBe(de.card['Sign message'])
  })
})
