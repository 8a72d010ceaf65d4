import { useEffect } from 'react'
import { useAppKitInstance } from '../../instance.ts'
import { useStore } from '../../store.ts'
import { Logo } from '../parts.tsx'
import { ConnectError } from './ConnectError.tsx'
import { PairingPanel, stopUnlessStillPairing } from './PairingPanel.tsx'
import { connectCss } from './styles.ts'

/**
 * §2 Connecting a mobile (or desktop) wallet through WalletConnect: the pairing runs while this
 * view is shown; a rejection offers a retry with a fresh pairing.
 */
export default function ConnectingWalletConnect() {
  const { core } = useAppKitInstance()
  const wallet = useStore(core.stores.router, (s) => s.wallet)
  const error = useStore(core.stores.account, (s) => s.connectError)

  useEffect(() => {
    void core.walletConnect.start(wallet).catch(() => undefined)
    return () => stopUnlessStillPairing(core)
  }, [core, wallet])

  return (
    <div
      data-view="ConnectingWalletConnect"
      className="lk-center"
      data-wallet-id={wallet?.id}
      data-state={error ? (error.rejected ? 'rejected' : 'failed') : 'waiting'}
    >
      <style>{connectCss}</style>
      {wallet && <Logo name={wallet.name} src={wallet.imageUrl} className="lk-wallet-logo" />}
      {error ? (
        <ConnectError
          message={error.message}
          onRetry={() => void core.walletConnect.start(wallet).catch(() => undefined)}
        />
      ) : (
        <PairingPanel wallet={wallet} />
      )}
    </div>
  )
}
