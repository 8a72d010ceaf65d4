import type { DirectoryWallet } from '@latchkey/core/directoryState'
import { useAppKitInstance } from '../context'
import { WalletIcon } from './parts'

/**
 * A directory wallet: installed ones connect through their connector; the others link to the
 * wallet's site until WalletConnect (QR and deep links) lands.
 */
export function DirectoryWalletRow({ wallet }: { wallet: DirectoryWallet }) {
  const { core, messages } = useAppKitInstance()
  const content = (
    <>
      <WalletIcon name={wallet.name} src={wallet.imageUrl} />
      <span className="lk-item-name">{wallet.name}</span>
      {wallet.installed ? (
        <span className="lk-tag">{messages.installed}</span>
      ) : (
        wallet.badge_type === 'certified' && <span className="lk-tag">{messages.certified}</span>
      )}
    </>
  )
  const connectorId = wallet.connectorId
  if (connectorId) {
    return (
      <button
        type="button"
        className="lk-item"
        data-wallet-id={wallet.id}
        data-testid={`wallet-${wallet.id}`}
        onClick={() => void core.connect(connectorId)}
      >
        {content}
      </button>
    )
  }
  if (wallet.homepage) {
    return (
      <a
        className="lk-item"
        href={wallet.homepage}
        target="_blank"
        rel="noopener noreferrer"
        data-wallet-id={wallet.id}
        data-testid={`wallet-${wallet.id}`}
      >
        {content}
      </a>
    )
  }
  return (
    <span className="lk-item" data-wallet-id={wallet.id} data-testid={`wallet-${wallet.id}`}>
      {content}
    </span>
  )
}
