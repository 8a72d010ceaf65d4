import { cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { en, format } from '../../messages.ts'
import { LegalConsent, LegalNotice } from './LegalNotice.tsx'

afterEach(cleanup)

const TERMS = 'https://example.com/terms'
const PRIVACY = 'https://example.com/privacy'
/** The notice as the catalogue words it, around `documents` */
const notice = (documents: string) => format(en.legalNotice, { documents })
const both = format(en.legalBoth, { first: en.termsOfService, second: en.privacyPolicy })

/** Each document link in `root`: its text, where it goes, and how it opens. */
function links(root: HTMLElement) {
  return within(root)
    .queryAllByRole('link')
    .map((a) => [
      a.textContent,
      a.getAttribute('href'),
      a.getAttribute('target'),
      a.getAttribute('rel'),
    ])
}

describe('LegalNotice', () => {
  it('names both documents as links that open in a new tab, in the sentence’s order', () => {
    render(
      <LegalNotice
        legal={{ termsUrl: TERMS, privacyUrl: PRIVACY, checkbox: false }}
        messages={en}
      />,
    )
    const shown = screen.getByTestId('legal-notice')
    expect(shown.textContent).toBe(notice(both))
    expect(links(shown)).toEqual([
      [en.termsOfService, TERMS, '_blank', 'noopener noreferrer'],
      [en.privacyPolicy, PRIVACY, '_blank', 'noopener noreferrer'],
    ])
  })

  it('with only the terms, or only the privacy policy, names that one alone', () => {
    render(<LegalNotice legal={{ termsUrl: TERMS, checkbox: false }} messages={en} />)
    let shown = screen.getByTestId('legal-notice')
    expect(shown.textContent).toBe(notice(en.termsOfService))
    expect(links(shown).map(([text, href]) => [text, href])).toEqual([[en.termsOfService, TERMS]])
    cleanup()
    render(<LegalNotice legal={{ privacyUrl: PRIVACY, checkbox: false }} messages={en} />)
    shown = screen.getByTestId('legal-notice')
    expect(shown.textContent).toBe(notice(en.privacyPolicy))
    expect(links(shown).map(([text, href]) => [text, href])).toEqual([[en.privacyPolicy, PRIVACY]])
  })

  it('puts the links where the app’s own texts place them', () => {
    const messages = {
      ...en,
      legalNotice: 'En vous connectant, vous acceptez nos {documents}.',
      legalBoth: '{second} et {first}',
      termsOfService: 'Conditions',
      privacyPolicy: 'Confidentialité',
    }
    render(
      <LegalNotice
        legal={{ termsUrl: TERMS, privacyUrl: PRIVACY, checkbox: false }}
        messages={messages}
      />,
    )
    const shown = screen.getByTestId('legal-notice')
    expect(shown.textContent).toBe(
      'En vous connectant, vous acceptez nos Confidentialité et Conditions.',
    )
    expect(links(shown).map(([text, href]) => [text, href])).toEqual([
      ['Confidentialité', PRIVACY],
      ['Conditions', TERMS],
    ])
  })
})

describe('LegalConsent', () => {
  it('a checkbox named by the agreement; ticking and unticking tell the view', () => {
    const onChange = vi.fn()
    const legal = { termsUrl: TERMS, privacyUrl: PRIVACY, checkbox: true }
    const { rerender } = render(
      <LegalConsent legal={legal} messages={en} agreed={false} onChange={onChange} />,
    )
    const box = screen.getByRole('checkbox', {
      name: format(en.legalConsent, { documents: both }),
    }) as HTMLInputElement
    expect(box.checked).toBe(false)
    expect(links(screen.getByTestId('legal-consent')).map(([, href]) => href)).toEqual([
      TERMS,
      PRIVACY,
    ])
    fireEvent.click(box)
    expect(onChange).toHaveBeenLastCalledWith(true)
    rerender(<LegalConsent legal={legal} messages={en} agreed onChange={onChange} />)
    expect(box.checked).toBe(true)
    fireEvent.click(box)
    expect(onChange).toHaveBeenLastCalledWith(false)
    expect(onChange).toHaveBeenCalledTimes(2)
  })
})
