import type { StoreApi } from 'zustand/vanilla'
import * as rules from './router.ts'

export interface RouterDeps {
  isConnected(): boolean
  close(): void
  /** A view pushed (the visitor went to it from another): analytics' CLICK_* events */
  pushed?(view: rules.ViewName): void
  /** The visitor went back from `view` (§2 ConnectingFarcaster's rule) */
  wentBack?(view: rules.ViewName): void
}

/** The router's transitions (router.ts) applied to an instance's store. */
export function createRouterController(store: StoreApi<rules.RouterState>, deps: RouterDeps) {
  const apply = (next: rules.RouterState) => store.setState(next, true)
  const goBack = () => {
    const from = rules.currentRoute(store.getState()).view
    const { state, closeModal } = rules.goBack(store.getState(), deps.isConnected())
    apply(state)
    if (closeModal) deps.close()
    deps.wentBack?.(from)
  }
  return {
    store,
    current: () => rules.currentRoute(store.getState()),
    push(route: rules.RouteInput) {
      apply(rules.push(store.getState(), route))
      deps.pushed?.(typeof route === 'string' ? route : route.view)
    },
    replace: (route: rules.RouteInput) => apply(rules.replace(store.getState(), route)),
    reset: (route: rules.RouteInput) => apply(rules.reset(store.getState(), route)),
    goBack,
    setWallet: (wallet: rules.WalletRef | undefined) => apply({ ...store.getState(), wallet }),
    pushTransaction: (action: rules.TransactionAction) =>
      apply(rules.pushTransaction(store.getState(), action)),
    popTransaction(outcome: rules.TransactionOutcome) {
      const result = rules.popTransaction(store.getState(), outcome)
      apply(result.state)
      result.callback?.()
      if (result.goBack) goBack()
    },
  }
}

export type RouterController = ReturnType<typeof createRouterController>
