import type { ConnectLayout } from '@latchkey/core/internal'
import type { ReactNode } from 'react'
import type { BaseMessages } from '../../messages.ts'
import { fill } from '../parts.tsx'

type Legal = NonNullable<ConnectLayout['legal']>

/** "Terms of Service and Privacy Policy" as links, or the one the app gives. */
function documents(legal: Legal, messages: BaseMessages): ReactNode {
  const link = (href: string, text: string) => (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {text}
    </a>
  )
  const terms = legal.termsUrl && link(legal.termsUrl, messages.termsOfService)
  const privacy = legal.privacyUrl && link(legal.privacyUrl, messages.privacyPolicy)
  if (terms && privacy) return fill(messages.legalBoth, { first: terms, second: privacy })
  return terms || privacy
}

/** AppKit's legal footer: what connecting agrees to. */
export function LegalNotice({ legal, messages }: { legal: Legal; messages: BaseMessages }) {
  return (
    <p className="lk-muted lk-small lk-center" data-testid="legal-notice">
      {fill(messages.legalNotice, { documents: documents(legal, messages) })}
    </p>
  )
}

/** AppKit's legal checkbox (`features.legalCheckbox`): nothing connects until it is ticked. */
export function LegalConsent({
  legal,
  messages,
  agreed,
  onChange,
}: {
  legal: Legal
  messages: BaseMessages
  agreed: boolean
  onChange(agreed: boolean): void
}) {
  return (
    <label className="lk-item lk-wide lk-small" data-testid="legal-consent">
      <input type="checkbox" checked={agreed} onChange={(e) => onChange(e.target.checked)} />
      <span>{fill(messages.legalConsent, { documents: documents(legal, messages) })}</span>
    </label>
  )
}
