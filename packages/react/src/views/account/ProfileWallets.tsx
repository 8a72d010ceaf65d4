import type { ChainNamespace } from '@latchkey/core/internal'
import { type ProfileAccount, profileAccountsOf, shortenAddress } from '@latchkey/core/internal'
import type { CaipNetwork } from '@latchkey/core/networks'
import { useCopy } from '../../components/useCopy.ts'
import { CopyIcon } from '../../icons.tsx'
import { useAppKitInstance } from '../../instance.ts'
import { format } from '../../messages.ts'
import { useStore } from '../../store.ts'
import { useMessages } from '../../useMessages.ts'
import { accountCss } from './styles.ts'

/**
 * The network a switch to the namespace goes to: its connection's own network (so switching only
 * activates it), else the namespace's first network.
 */
export function switchTarget(
  namespace: ChainNamespace,
  networks: readonly CaipNetwork[],
  connectionChainId: string | number | undefined,
): CaipNetwork | undefined {
  const own =
    connectionChainId === undefined
      ? undefined
      : networks.find((n) => n.caipNetworkId === `${namespace}:${connectionChainId}`)
  return own ?? networks.find((n) => n.chainNamespace === namespace)
}

/**
 * §2 ProfileWallets: the signed-in visitor's accounts, one per namespace (EVM, Solana), each to
 * copy or to make the active one.
 */
export default function ProfileWallets() {
  const { core } = useAppKitInstance()
  const user = useStore(core.stores.embedded, (s) => s.user)
  const status = useStore(core.stores.account, (s) => s.status)
  const activeNamespace = useStore(core.stores.account, (s) => s.namespace)
  const connections = useStore(core.stores.account, (s) => s.connections)
  const networks = useStore(core.stores.chain, (s) => s.networks)
  const accounts = profileAccountsOf(user)

  return (
    <div data-view="ProfileWallets" className="lk-stack lk-wide">
      <style>{accountCss}</style>
      <ul className="lk-list" data-testid="profile-wallets">
        {accounts.map((account) => (
          <ProfileWalletRow
            key={account.namespace}
            account={account}
            active={status === 'connected' && activeNamespace === account.namespace}
            target={switchTarget(
              account.namespace,
              networks,
              connections?.[account.namespace]?.chainId,
            )}
          />
        ))}
      </ul>
    </div>
  )
}

function ProfileWalletRow({
  account,
  active,
  target,
}: {
  account: ProfileAccount
  active: boolean
  target: CaipNetwork | undefined
}) {
  const { core } = useAppKitInstance()
  const messages = useMessages()
  const { namespace, address } = account
  // The name the portfolio holds is the active account's (an EVM address's).
  const profileName = useStore(core.stores.portfolio, (s) =>
    active && namespace === 'eip155' ? s.profileName : undefined,
  )
  const { copied, copy } = useCopy(address, messages.addressCopied)
  const name = messages.namespaceNames[namespace]

  return (
    <li
      className="lk-row"
      data-testid={`profile-wallet-${namespace}`}
      data-namespace={namespace}
      data-active={active || undefined}
      aria-current={active ? 'true' : undefined}
    >
      <span className="lk-item-name">
        {name}
        <span className="lk-muted lk-small" data-testid={`profile-address-${namespace}`}>
          {' '}
          <span title={address} dir="ltr">
            {profileName ?? shortenAddress(address)}
          </span>
        </span>
      </span>
      {active ? <span className="lk-tag">{messages.activeNetwork}</span> : null}
      <button
        type="button"
        className="lk-icon-btn"
        aria-label={format(messages.copyNamespaceAddress, { namespace: name })}
        data-testid={`profile-copy-${namespace}`}
        data-copied={copied || undefined}
        onClick={() => void copy()}
      >
        <CopyIcon />
      </button>
      {target ? (
        <>
          {/* Named by its visible text (WCAG 2.5.3); which account it switches to, described. */}
          <button
            type="button"
            className="lk-button"
            data-testid={`profile-switch-${namespace}`}
            aria-describedby={`lk-profile-switch-${namespace}`}
            disabled={active}
            onClick={() => void core.switchNetwork(target)}
          >
            {messages.switchWallet}
          </button>
          <span id={`lk-profile-switch-${namespace}`} className="lk-visually-hidden">
            {format(messages.switchToNamespace, { namespace: name })}
          </span>
        </>
      ) : null}
    </li>
  )
}
