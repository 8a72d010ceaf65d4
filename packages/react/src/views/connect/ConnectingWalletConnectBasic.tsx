import { deepLinkChoice } from '@latchkey/core/internal'
import { useEffect } from 'react'
import { useAppKitInstance } from '../../instance.ts'
import { useStore } from '../../store.ts'
import { useMessages } from '../../useMessages.ts'
import { Logo } from '../parts.tsx'
import { ConnectError } from './ConnectError.tsx'
import { PairingPanel, stopUnlessStillPairing } from './PairingPanel.tsx'
import { connectCss } from './styles.ts'

/**
 * §2 WalletConnect without adapters, or when the app asked for manual control: the pairing
 * itself, and on a phone the directory's wallets as links that open with the same pairing.
 */
export default function ConnectingWalletConnectBasic() {
  const { core } = useAppKitInstance()
  const messages = useMessages()
  const error = useStore(core.stores.account, (s) => s.connectError)
  const uri = useStore(core.stores.walletConnect, (s) => s.offer?.uri)
  const directory = useStore(core.stores.directory)

  useEffect(() => {
    void core.walletConnect.start().catch(() => undefined)
    return () => stopUnlessStillPairing(core)
  }, [core])

  const mobile = core.isMobile()
  const wallets = mobile && uri ? [...directory.featured, ...directory.recommended] : []
  const links = wallets.flatMap((wallet) => {
    const choice = deepLinkChoice({ name: wallet.name, links: wallet }, uri ?? '', 'mobile')
    return choice ? [{ wallet, href: choice.href }] : []
  })

  return (
    <div data-view="ConnectingWalletConnectBasic" className="lk-center">
      <style>{connectCss}</style>
      {error ? (
        <ConnectError
          message={error.message}
          onRetry={() => void core.walletConnect.start().catch(() => undefined)}
        />
      ) : (
        <PairingPanel />
      )}
      {links.length > 0 && (
        <section className="lk-section lk-wide" aria-labelledby="lk-wc-wallets">
          <h3 id="lk-wc-wallets" className="lk-section-title">
            {messages.orOpenWallet}
          </h3>
          <ul className="lk-list">
            {links.map(({ wallet, href }) => (
              <li key={wallet.id}>
                <a
                  className="lk-item"
                  href={href}
                  rel="noopener noreferrer"
                  data-wallet-id={wallet.id}
                  data-testid={`wallet-${wallet.id}`}
                >
                  <Logo name={wallet.name} src={wallet.imageUrl} />
                  <span className="lk-item-name">{wallet.name}</span>
                </a>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  )
}
