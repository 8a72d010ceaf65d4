// §4 WalletConnect: the sign client (loaded only when a WalletConnect path is taken), pairing
// offers until a wallet approves one, and the session's account.

import type { ChainNamespace } from '../caip.ts'
import { WALLETCONNECT_CONNECTOR_ID } from '../constants.ts'
import { deepLinkChoice } from '../directory/deepLink.ts'
import { setupAlertForProviderMessage } from '../errors.ts'
import type { WalletRef } from '../router/router.ts'
import { sessionFromCacao } from '../siwx/siwxCacao.ts'
import { runPairingLoop } from '../walletConnect/pairingLoop.ts'
import type { SignedCacao, WalletConnectClient } from '../walletConnect/walletConnectClient.ts'
import type { WalletConnectEip1193Provider } from '../walletConnect/walletConnectProvider.ts'
import type { Accounts } from './accounts.ts'
import type { AccountSnapshot } from './adapter.ts'
import type { ConnectionContext } from './context.ts'
import type { Engines } from './engines.ts'

export function createWalletConnect(ctx: ConnectionContext, accounts: Accounts, engines: Engines) {
  const { networks, storage, track, log } = ctx
  const { account, chain } = ctx.stores
  let client: Promise<WalletConnectClient> | undefined
  let provider: Promise<WalletConnectEip1193Provider> | undefined

  /** WalletConnect's sign client: loaded only when a WalletConnect path is taken (or restored). */
  function walletConnectClient(): Promise<WalletConnectClient> {
    client ??= import('../walletConnect/walletConnectClient.ts').then((m) =>
      m.createWalletConnectClient({
        projectId: ctx.projectId,
        relayUrl: ctx.relayUrl,
        metadata: ctx.metadata,
        networks,
        storagePrefix: `latchkey:${ctx.projectId}`,
        debug: ctx.debug,
        onRelayError: (message) => {
          log('WalletConnect relay error', message)
          // §8 Provider texts: the relay's refusal raises its setup alert.
          const alert = setupAlertForProviderMessage(message)
          if (alert) ctx.raise(alert.code)
        },
      }),
    )
    client.catch((error) => {
      client = undefined
      log('WalletConnect failed to load', error)
    })
    return client
  }

  function walletConnectProvider(): Promise<WalletConnectEip1193Provider> {
    provider ??= Promise.all([
      walletConnectClient(),
      import('../walletConnect/walletConnectProvider.ts'),
    ]).then(([loaded, m]) => {
      loaded.onSession((change) => {
        if (change.type === 'deleted') onWalletConnectEnded()
      })
      const made = m.createWalletConnectProvider(loaded, networks)
      // Without an EVM adapter nothing else watches the session: the wallet's network and
      // account changes reach the account here.
      if (!engines.adapterFor('eip155')) {
        const follow = () =>
          void sessionSnapshot()
            .then((snapshot) => accounts.onAccount('eip155', snapshot))
            .catch((error) => log('WalletConnect session read failed', error))
        made.on('chainChanged', follow)
        made.on('accountsChanged', follow)
      }
      return made
    })
    provider.catch(() => {
      provider = undefined
    })
    return provider
  }

  /** §4 Wallet session deleted (by the wallet, or expired): nothing of it stays in the dapp. */
  function onWalletConnectEnded() {
    storage.removeDeepLinkChoice()
    ctx.stores.walletConnect.setState({ offer: undefined, deepLink: undefined })
    const { status, connectorId, namespace } = account.getState()
    if (connectorId === WALLETCONNECT_CONNECTOR_ID && status !== 'disconnected' && namespace) {
      accounts.clearAccount(namespace)
    }
  }

  /** The session's EVM account, for apps without an EVM adapter (§2 manual control). */
  async function sessionSnapshot(): Promise<AccountSnapshot> {
    const session = await walletConnectProvider()
    const [address] = (await session.request({ method: 'eth_accounts' })) as string[]
    const chainId = Number(await session.request({ method: 'eth_chainId' }))
    return { status: 'connected', address, chainId, connectorId: WALLETCONNECT_CONNECTOR_ID }
  }

  async function walletConnectSnapshot(namespace: ChainNamespace): Promise<AccountSnapshot> {
    if (!engines.adapterFor(namespace)) return sessionSnapshot()
    const engine = await engines.loadEngine(namespace)
    const network = chain.getState().activeCaipNetwork
    return engine.connect(
      WALLETCONNECT_CONNECTOR_ID,
      network.chainNamespace === namespace ? network : undefined,
    )
  }

  let pairingRun = 0
  let completing = false
  let wakePairing: (() => void) | undefined

  function waitOrStop(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, ms)
      wakePairing = () => {
        clearTimeout(timer)
        resolve()
      }
    })
  }

  /**
   * §4 Pairing: offers a URI (QR code, copy, deep link) until a wallet approves it; each offer
   * lasts 4 minutes and is replaced 10 s before it expires. Runs until stopWalletConnect().
   */
  let activePairing: { walletId?: string; done: Promise<void> } | undefined

  /** Starting again for the same wallet while its pairing runs keeps that pairing. */
  function startWalletConnect(wallet?: WalletRef): Promise<void> {
    if (activePairing && activePairing.walletId === wallet?.id) return activePairing.done
    stopWalletConnect()
    const done = runWalletConnect(wallet).finally(() => {
      if (activePairing?.done === done) activePairing = undefined
    })
    activePairing = { walletId: wallet?.id, done }
    return done
  }

  /** §4 One-click auth: the proposal carries the sign-in request when SIWX is on. */
  function proposer(loaded: WalletConnectClient) {
    const siwx = ctx.siwx
    const signInNetwork = networks.find((n) => n.chainNamespace === 'eip155')
    if (!siwx || !signInNetwork) return () => loaded.propose()
    return async () => {
      const template = await siwx.createMessage({
        accountAddress: '',
        chainId: signInNetwork.caipNetworkId,
      })
      return loaded.authenticate({
        domain: template.domain,
        uri: template.uri,
        nonce: template.nonce,
        statement: template.statement,
        exp: template.expirationTime,
        nbf: template.notBefore,
        requestId: template.requestId,
        resources: template.resources,
      })
    }
  }

  async function runWalletConnect(wallet?: WalletRef) {
    const run = ++pairingRun
    const isCurrent = () => run === pairingRun
    const namespace: ChainNamespace = 'eip155'
    const method = ctx.isMobile() ? 'mobile' : 'qrcode'
    accounts.startConnect(namespace)
    ctx.stores.walletConnect.setState({ offer: undefined, deepLink: undefined })
    track('SELECT_WALLET', { name: wallet?.name ?? 'WalletConnect', platform: method })
    try {
      const loaded = await walletConnectClient()
      if (loaded.session()) await loaded.disconnect().catch(() => undefined)
      const session = await runPairingLoop({
        propose: proposer(loaded),
        abandon: (uri) => void loaded.abandon(uri),
        offer(offer) {
          const platform = ctx.isMobile() ? 'mobile' : 'desktop'
          const deepLink = wallet && deepLinkChoice(wallet, offer.uri, platform)
          ctx.stores.walletConnect.setState({ offer, deepLink })
          if (deepLink) storage.setDeepLinkChoice(deepLink)
        },
        wait: waitOrStop,
        isCurrent,
        now: Date.now,
      })
      if (session && isCurrent()) {
        // §4 One-click auth: the wallet signed in while pairing; keep that as the session.
        const { cacao } = session as { cacao?: SignedCacao }
        const signedIn = cacao && sessionFromCacao(cacao)
        if (signedIn && ctx.siwx) {
          await ctx.siwx
            .addSession(signedIn)
            .catch((error) => log('one-click sign-in refused', error))
        }
        completing = true
        try {
          accounts.setLoading(namespace, true)
          const snapshot = await walletConnectSnapshot(namespace)
          accounts.finishConnect(namespace, WALLETCONNECT_CONNECTOR_ID, snapshot, {
            method,
            wallet,
            peerWallet: loaded.peer(),
          })
        } finally {
          completing = false
          accounts.setLoading(namespace, false)
        }
      }
    } catch (error) {
      if (!isCurrent()) return
      log('WalletConnect pairing failed', error)
      accounts.failConnect(error, namespace)
    }
  }

  /** The visitor left the WalletConnect view: the offer is dropped, nothing keeps waiting. */
  function stopWalletConnect() {
    activePairing = undefined
    pairingRun++
    wakePairing?.()
    wakePairing = undefined
    ctx.stores.walletConnect.setState({ offer: undefined })
    if (!completing && account.getState().status === 'connecting') {
      account.setState({ status: 'disconnected' })
    }
  }

  /** The instance is destroyed: its sign client stops listening to the relay. */
  function close() {
    stopWalletConnect()
    const loaded = client
    client = undefined
    provider = undefined
    void loaded?.then((c) => c.close()).catch(() => undefined)
  }

  return {
    client: walletConnectClient,
    close,
    provider: walletConnectProvider,
    /** Whether the sign client has been asked for (an adapter may restore its session) */
    started: () => client !== undefined,
    sessionSnapshot,
    start: startWalletConnect,
    stop: stopWalletConnect,
  }
}

export type WalletConnectPart = ReturnType<typeof createWalletConnect>
