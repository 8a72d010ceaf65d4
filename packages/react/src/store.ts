import { useSyncExternalStore } from 'react'
import type { StoreApi } from 'zustand/vanilla'

const identity = <T>(state: T) => state

/** A thin subscription to one of the instance's stores; the selector must return stable values. */
export function useStore<T, S = T>(
  store: StoreApi<T>,
  selector: (state: T) => S = identity as never,
): S {
  return useSyncExternalStore(
    store.subscribe,
    () => selector(store.getState()),
    () => selector(store.getInitialState()),
  )
}
