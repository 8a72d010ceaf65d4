// After a reload: every namespace the visitor left connected reconnects (§3 storage), and the
// namespace that was shown is shown again.
import type { ChainNamespace } from '../caip.ts'
import {
  AUTH_CONNECTOR_ID,
  EMBEDDED_SOLANA_CONNECTOR_ID,
  WALLETCONNECT_CONNECTOR_ID,
} from '../constants.ts'
import type { Accounts } from './accounts.ts'
import type { ConnectionContext } from './context.ts'
import type { EmbeddedPart } from './embedded.ts'
import type { Engines } from './engines.ts'
import type { WalletConnectPart } from './walletConnect.ts'

export function createReconnect(
  ctx: ConnectionContext,
  accounts: Accounts,
  engines: Engines,
  walletConnect: WalletConnectPart,
  embedded: EmbeddedPart,
) {
  const { adapters, storage, log } = ctx
  const { account } = ctx.stores

  async function reconnect(namespace: ChainNamespace) {
    const connectorId = storage.getConnectedConnectorId(namespace)
    if (!connectorId) return
    account.setState({ status: 'reconnecting', connectorId, namespace })
    const departures = accounts.departures(namespace)
    try {
      if (connectorId === WALLETCONNECT_CONNECTOR_ID) {
        account.setState({ peerWallet: (await walletConnect.client()).peer() })
      }
      const isEmbedded =
        connectorId === AUTH_CONNECTOR_ID || connectorId === EMBEDDED_SOLANA_CONNECTOR_ID
      if (isEmbedded && !(await embedded.restoreUser())) {
        accounts.clearAccount(namespace)
        return
      }
      if (!engines.adapterFor(namespace) && connectorId === WALLETCONNECT_CONNECTOR_ID) {
        const provider = await walletConnect.provider()
        if (provider.connected) {
          accounts.onAccount(namespace, await walletConnect.sessionSnapshot())
          return
        }
      } else {
        const engine = await engines.loadEngine(namespace)
        if (await engine.reconnect(connectorId)) {
          // The visitor disconnected while the wallet was coming back: they meant it.
          if (accounts.departures(namespace) !== departures) {
            await engine.disconnect()
            accounts.clearAccount(namespace)
          }
          return
        }
      }
    } catch (error) {
      log('reconnect failed', error)
    }
    if (account.getState().status !== 'connected') accounts.clearAccount(namespace)
  }

  /** After first paint: reconnect what the visitor left connected, else warm the engines. */
  function startAdapters() {
    const wanted = storage.getActiveNamespace()
    accounts.restoreLead(wanted)
    let reconnecting = false
    const restore = ctx.enableReconnect !== false
    for (const adapter of adapters) {
      if (restore && storage.getConnectedConnectorId(adapter.namespace)) {
        reconnecting = true
        void reconnect(adapter.namespace)
      } else void engines.loadEngine(adapter.namespace).catch(() => undefined)
    }
    if (restore && !engines.adapterFor('eip155') && storage.getConnectedConnectorId('eip155')) {
      reconnecting = true
      void reconnect('eip155')
    }
    // start() showed "Reconnecting…" for a wallet that another tab has disconnected meanwhile.
    if (!reconnecting && account.getState().status === 'reconnecting') {
      account.setState({ status: 'disconnected' })
    }
  }

  return { reconnect, startAdapters }
}
