/** Analytics-style events the instance emits (subscribeEvents). */
export type AppKitEventName =
  /** The state before any event (AppKit's initial event) */
  | 'MODAL_CREATED'
  /** §7 The instance started in a page (sent even with analytics off) */
  | 'INITIALIZE'
  /** §7 Wallets shown in a list; the collector gets them as one event per batch */
  | 'WALLET_IMPRESSION'
  /** §7 A wallet search sent to the directory (debounced with the search) */
  | 'SEARCH_WALLET'
  | 'MODAL_OPEN'
  | 'MODAL_CLOSE'
  | 'SELECT_WALLET'
  | 'CONNECT_SUCCESS'
  | 'CONNECT_ERROR'
  | 'DISCONNECT_SUCCESS'
  | 'DISCONNECT_ERROR'
  | 'SWITCH_NETWORK'
  | 'OPEN_SEND'
  | 'SEND_INITIATED'
  | 'SEND_SUCCESS'
  | 'SEND_ERROR'
  | 'ONRAMP_INITIATED'
  | 'ONRAMP_SUCCESS'
  | 'ONRAMP_ERROR'
  | 'OPEN_SWAP'
  | 'INITIATE_SWAP'
  | 'SWAP_APPROVAL_SUCCESS'
  | 'SWAP_SUCCESS'
  | 'SWAP_ERROR'
  | 'SIWX_AUTH_SUCCESS'
  | 'SIWX_AUTH_ERROR'
  | 'CLICK_CANCEL_SIWX'
  | 'REGISTER_NAME_INITIATED'
  | 'REGISTER_NAME_SUCCESS'
  | 'REGISTER_NAME_ERROR'
  /** §7 A social login finished (sent even with analytics off) */
  | 'SOCIAL_LOGIN_SUCCESS'

export interface AppKitEvent {
  timestamp: number
  data: { type: 'track'; event: AppKitEventName; properties?: Record<string, unknown> }
}

export type Listener<T> = (value: T) => void

export function createEmitter<T>() {
  const listeners = new Set<Listener<T>>()
  return {
    emit(value: T) {
      for (const listener of listeners) listener(value)
    },
    subscribe(listener: Listener<T>): () => void {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}
