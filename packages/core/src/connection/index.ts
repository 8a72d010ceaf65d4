// The connection controller: connecting, switching, balances and reconnecting, everything that
// waits on a wallet or a chain. Loaded after first paint, with the adapters' engines, so the
// first load stays small. Each part has one job:
//   accounts.ts       one connection per namespace, the account shown
//   engines.ts        the adapters' engines, loaded on first use and watched
//   walletConnect.ts  the sign client and pairing
//   embedded.ts       the email and social wallet's frame
//   walletActions.ts  connect, switch network, balance, disconnect
//   reconnect.ts      after a reload
import { createAccounts } from './accounts.ts'
import type { ConnectionContext } from './context.ts'
import { createEmbedded, type EmbeddedPart, type EmbeddedSessions } from './embedded.ts'
import { createEngines } from './engines.ts'
import { createReconnect } from './reconnect.ts'
import { createWalletActions } from './walletActions.ts'
import { createWalletConnect, type WalletConnectPart } from './walletConnect.ts'

export function createConnectionController(
  ctx: ConnectionContext,
  embeddedSessions?: EmbeddedSessions,
) {
  const accounts = createAccounts(ctx)
  // The engines reach WalletConnect and the frame through these, made just below.
  let walletConnect: WalletConnectPart | undefined
  let embedded: EmbeddedPart | undefined
  const part = <T>(made: T | undefined): T => {
    if (made === undefined) throw new Error('connection controller used before it was made')
    return made
  }
  const engines = createEngines(ctx, {
    onAccount: accounts.onAccount,
    walletConnectProvider: () => part(walletConnect).provider(),
    embeddedProvider: () =>
      part(embedded)
        .session()
        .then((session) => session.provider),
    walletConnectStarted: () => part(walletConnect).started(),
    embeddedStarted: () => part(embedded).started(),
  })
  walletConnect = createWalletConnect(ctx, accounts, engines)
  embedded = createEmbedded(ctx, accounts, engines, embeddedSessions)
  const actions = createWalletActions(ctx, accounts, engines, walletConnect)
  const { reconnect, startAdapters } = createReconnect(
    ctx,
    accounts,
    engines,
    walletConnect,
    embedded,
  )
  const wc = walletConnect
  const frame = embedded

  return {
    loadEngine: engines.loadEngine,
    ...actions,
    reconnect,
    startAdapters,
    startWalletConnect: wc.start,
    stopWalletConnect: wc.stop,
    walletConnectProvider: wc.provider,
    embeddedWallet: frame.session,
    connectEmbedded: frame.connect,
    reloadEmbedded: frame.reload,
    preferredAccountType: frame.preferredAccountType,
    abortApproval: frame.abortApproval,
    syncFrameTheme: frame.syncFrameTheme,
    destroy() {
      wc.close()
      frame.destroy()
      engines.stopWatching()
    },
  }
}

export type ConnectionController = ReturnType<typeof createConnectionController>
