import type { AppKitCore, DirectoryWallet, WalletRef } from '@latchkey/core/internal'
import { useAppKitInstance } from '../../instance.ts'
import { useMessages } from '../../useMessages.ts'
import { Logo } from '../parts.tsx'

/** Shows a wallet's WalletConnect pairing (QR code, copy link, its deep link). */
export function connectWithWalletConnect(core: AppKitCore, wallet?: WalletRef) {
  core.router.setWallet(wallet)
  core.router.push('ConnectingWalletConnect')
}

/**
 * A directory wallet: installed ones connect through their connector, the others through
 * WalletConnect (QR code on a computer, the wallet's deep link on a phone).
 */
export function DirectoryWalletRow({ wallet }: { wallet: DirectoryWallet }) {
  const { core } = useAppKitInstance()
  const messages = useMessages()
  const connectorId = wallet.connectorId
  return (
    <button
      type="button"
      className="lk-item"
      data-wallet-id={wallet.id}
      data-testid={`wallet-${wallet.id}`}
      onClick={() =>
        connectorId
          ? void core.connect(connectorId)
          : connectWithWalletConnect(core, {
              id: wallet.id,
              name: wallet.name,
              imageUrl: wallet.imageUrl,
              rdns: wallet.rdns ?? undefined,
              links: wallet,
            })
      }
    >
      <Logo name={wallet.name} src={wallet.imageUrl} />
      <span className="lk-item-name">{wallet.name}</span>
      {wallet.installed ? (
        <span className="lk-tag">{messages.installed}</span>
      ) : (
        wallet.badge_type === 'certified' && <span className="lk-tag">{messages.certified}</span>
      )}
    </button>
  )
}
