// The adapters' engines: loaded on first use (after first paint), one per namespace, each
// watched for its wallet's own account changes.

import type { ChainNamespace } from '../caip.ts'
import { SetupAlerts } from '../errors.ts'
import type { AccountReport } from './accounts.ts'
import type { AdapterEngine, ModalEip1193Provider } from './adapter.ts'
import type { ConnectionContext } from './context.ts'

/** What an engine may use of the rest of the controller, bound after it is made. */
export interface EngineHooks {
  onAccount(namespace: ChainNamespace, snapshot: AccountReport): void
  walletConnectProvider(): Promise<ModalEip1193Provider>
  embeddedProvider(): Promise<ModalEip1193Provider>
  walletConnectStarted(): boolean
  embeddedStarted(): boolean
}

export function createEngines(ctx: ConnectionContext, hooks: EngineHooks) {
  const { adapters, networks, log } = ctx
  const engines = new Map<ChainNamespace, Promise<AdapterEngine>>()
  const watchers = new Map<ChainNamespace, () => void>()

  function adapterFor(namespace: ChainNamespace) {
    return adapters.find((a) => a.namespace === namespace)
  }

  function loadEngine(namespace: ChainNamespace): Promise<AdapterEngine> {
    let engine = engines.get(namespace)
    if (engine) return engine
    const adapter = adapterFor(namespace)
    if (!adapter) return Promise.reject(new Error(SetupAlerts.APKT001.shortMessage))
    engine = adapter
      .load({
        networks: networks.filter((n) => n.chainNamespace === namespace),
        projectId: ctx.projectId,
        walletConnect: hooks.walletConnectProvider,
        embeddedWallet: hooks.embeddedProvider,
        started: {
          walletConnect: hooks.walletConnectStarted,
          embeddedWallet: hooks.embeddedStarted,
        },
      })
      .then((e) => {
        watchers.set(
          namespace,
          e.watchAccount((snapshot) => hooks.onAccount(namespace, snapshot)),
        )
        return e
      })
    engine.catch((error) => {
      engines.delete(namespace)
      log('adapter failed to load', error)
    })
    engines.set(namespace, engine)
    return engine
  }

  function stopWatching() {
    for (const stop of watchers.values()) stop()
  }

  return { adapterFor, loadEngine, stopWatching }
}

export type Engines = ReturnType<typeof createEngines>
