import type { ConnectMethod } from '@latchkey/core/internal'
import {
  connectLayout,
  offeredSocials,
  telegramInitData,
  telegramPlatform,
} from '@latchkey/core/internal'
import { type ReactNode, useMemo, useState } from 'react'
import { MailIcon } from '../../icons.tsx'
import { useAppKitInstance } from '../../instance.ts'
import { useStore } from '../../store.ts'
import { useMessages } from '../../useMessages.ts'
import { passkeysSupported } from '../embedded/FrameSlot.tsx'
import { ConnectWalletList } from './ConnectWalletList.tsx'
import { LegalConsent, LegalNotice } from './LegalNotice.tsx'
import { PasskeyLogin } from './PasskeyLogin.tsx'
import { SocialButtons } from './SocialButtons.tsx'
import { connectCss } from './styles.ts'

/**
 * §2 Connect: email, social sign-in and wallets, in the app's order (AppKit's
 * connectMethodsOrder), behind the legal checkbox when the app asks for one.
 */
export default function Connect() {
  const { core } = useAppKitInstance()
  const messages = useMessages()
  const namespace = useStore(core.stores.modal, (s) => s.namespace)
  const layout = useMemo(
    () => connectLayout(core.options, core.isMobile(), namespace),
    [core, namespace],
  )
  const emailFeature = useStore(core.stores.features, (s) => s.features.email)
  const socialsFeature = useStore(core.stores.features, (s) => s.features.socials)
  const [walletsOpen, setWalletsOpen] = useState(false)
  const [agreed, setAgreed] = useState(false)
  const hasEvmAdapter = core.options.adapters?.some((a) => a.namespace === 'eip155') ?? false
  // §5 The remote config's order, less what Telegram's platform hides; §1 inside a Telegram
  // Mini App, Telegram first.
  const socials = useMemo(() => {
    if (!hasEvmAdapter || !socialsFeature) return []
    const offered = offeredSocials(socialsFeature, telegramPlatform())
    return telegramInitData() ? (['telegram', ...offered] as const) : offered
  }, [socialsFeature, hasEvmAdapter])
  const emailOn = emailFeature && hasEvmAdapter && layout.methods.includes('email')
  const socialOn = socials.length > 0 && layout.methods.includes('social')
  const signInShown = emailOn || socialOn
  const blocked = layout.legal?.checkbox === true && !agreed

  const sections: Record<ConnectMethod, ReactNode> = {
    email: emailOn && (
      <>
        <button
          type="button"
          className="lk-item lk-wide"
          data-testid="connect-email"
          onClick={() => {
            if (!core.stores.embedded.getState().login.busy) void core.embedded.restart()
            core.router.push('EmailLogin')
          }}
        >
          <span className="lk-avatar-sm lk-mail-icon" aria-hidden="true">
            <MailIcon />
          </span>
          <span className="lk-item-name">{messages.continueWithEmail}</span>
        </button>
        {passkeysSupported(core.options.frameUrl) ? <PasskeyLogin /> : null}
      </>
    ),
    social: socialOn && <SocialButtons providers={socials} />,
    wallet:
      layout.walletsCollapsed && signInShown && !walletsOpen ? (
        <button
          type="button"
          className="lk-item lk-wide"
          data-testid="continue-with-wallet"
          onClick={() => setWalletsOpen(true)}
        >
          <span className="lk-avatar-sm lk-grid-icon" aria-hidden="true" />
          <span className="lk-item-name">{messages.continueWithWallet}</span>
        </button>
      ) : (
        <ConnectWalletList core={core} layout={layout} />
      ),
  }
  return (
    <div data-view="Connect">
      <style>{connectCss}</style>
      {layout.legal?.checkbox && (
        <LegalConsent
          legal={layout.legal}
          messages={messages}
          agreed={agreed}
          onChange={setAgreed}
        />
      )}
      <fieldset className="lk-plain" disabled={blocked} aria-disabled={blocked || undefined}>
        {layout.methods.map((method) => (
          <div key={method} className="lk-contents" data-connect-method={method}>
            {sections[method]}
          </div>
        ))}
      </fieldset>
      {layout.walletGuide && signInShown && layout.allWallets && (
        <p className="lk-muted lk-small lk-center" data-testid="wallet-guide">
          {messages.noWalletYet}{' '}
          <button
            type="button"
            className="lk-link"
            disabled={blocked}
            onClick={() => core.router.push('AllWallets')}
          >
            {messages.getStarted}
          </button>
        </p>
      )}
      {layout.legal && !layout.legal.checkbox && (
        <LegalNotice legal={layout.legal} messages={messages} />
      )}
    </div>
  )
}
