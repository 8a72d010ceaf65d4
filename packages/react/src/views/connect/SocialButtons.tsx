import type { LoginProvider } from '@latchkey/core/internal'
import { useEffect, useId, useRef, useState } from 'react'
import { coreText } from '../../coreTexts.ts'
import { useAppKitInstance } from '../../instance.ts'
import { format } from '../../messages.ts'
import { SOCIAL_NAMES } from '../../socialNames.ts'
import { useStore } from '../../store.ts'
import { useMessages } from '../../useMessages.ts'
import { SocialMark, useSocialImageUrl } from './SocialMark.tsx'

/** Icon buttons shown at once; more providers sit behind a "more" button. */
export const VISIBLE_SOCIALS = 4

/**
 * §1 Social login on Connect: a compact row of icon buttons (the providers' marks, named
 * "Continue with Google", …),
 * up to VISIBLE_SOCIALS of them, then "more" which shows the rest and moves focus to the first
 * of them. A click opens the provider's popup at once (core.embedded.connectSocial); the
 * popup's progress is announced and its errors ('Popup closed', 'Failed to initiate social
 * connection', the frame's) show under the row. Farcaster goes to its own view
 * (ConnectingFarcaster), Telegram signs in without a popup.
 */
export function SocialButtons({ providers }: { providers: readonly LoginProvider[] }) {
  const { core } = useAppKitInstance()
  const messages = useMessages()
  const social = useStore(core.stores.embedded, (s) => s.social)
  const [expanded, setExpanded] = useState(false)
  const firstRevealed = useRef<HTMLButtonElement>(null)
  const rowId = useId()
  const imageUrl = useSocialImageUrl(core)
  const overflow = providers.length > VISIBLE_SOCIALS
  const shown = overflow && !expanded ? providers.slice(0, VISIBLE_SOCIALS) : providers

  useEffect(() => {
    if (expanded) firstRevealed.current?.focus()
  }, [expanded])
  // An old error does not greet the visitor when Connect shows again.
  useEffect(
    () => () => {
      const { social } = core.stores.embedded.getState()
      if (social.error) core.stores.embedded.setState({ social: { ...social, error: undefined } })
    },
    [core],
  )

  const connect = (provider: LoginProvider) => {
    if (provider === 'telegram') return core.embedded.connectTelegram()
    if (provider === 'farcaster') return core.embedded.connectFarcaster()
    return core.embedded.connectSocial(provider)
  }
  const nameOf = (provider: LoginProvider) =>
    format(messages.continueWithSocial, { provider: SOCIAL_NAMES[provider] })
  const waiting = social.busy && social.provider && social.step === 'popup'

  return (
    <div className="lk-socials" data-testid="socials">
      <ul className="lk-social-row" id={rowId}>
        {shown.map((provider, index) => (
          <li key={provider}>
            <button
              type="button"
              className="lk-social"
              data-provider={provider}
              data-testid={`social-${provider}`}
              aria-label={nameOf(provider)}
              title={nameOf(provider)}
              aria-busy={social.busy && social.provider === provider}
              disabled={social.step === 'connecting'}
              ref={index === VISIBLE_SOCIALS ? firstRevealed : undefined}
              onClick={() => void connect(provider)}
            >
              <SocialMark provider={provider} src={imageUrl?.(provider)} />
            </button>
          </li>
        ))}
        {overflow && !expanded ? (
          <li>
            <button
              type="button"
              className="lk-social"
              data-testid="social-more"
              aria-label={messages.moreSocials}
              title={messages.moreSocials}
              aria-expanded={false}
              aria-controls={rowId}
              onClick={() => setExpanded(true)}
            >
              <span aria-hidden="true">…</span>
            </button>
          </li>
        ) : null}
      </ul>
      <p className="lk-muted lk-social-status" aria-live="polite" data-testid="social-status">
        {waiting
          ? format(messages.socialInPopup, {
              provider: SOCIAL_NAMES[social.provider as LoginProvider],
            })
          : social.step === 'connecting'
            ? messages.signingIn
            : ''}
      </p>
      {social.error ? (
        <p className="lk-error-text" role="alert" data-testid="social-error">
          {coreText(social.error, messages)}
        </p>
      ) : null}
    </div>
  )
}
