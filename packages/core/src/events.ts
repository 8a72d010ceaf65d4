type Swap = { network: string; swapFromToken: string; swapToToken: string }

/**
 * Every event the instance tracks, with its properties (README "Analytics"): the one catalogue
 * of names. Analytics adds `caipNetworkId` to each when it sends them.
 */
export type AppKitEventProperties = {
  /** The state before any event (AppKit's initial event) */
  MODAL_CREATED: undefined
  /** §7 The instance started in a page (sent even with analytics off) */
  INITIALIZE: { networks: string[]; defaultNetwork: string; themeMode: string }
  MODAL_OPEN: { connected: boolean }
  MODAL_CLOSE: { connected: boolean }
  SELECT_WALLET: { name: string | undefined; platform: string }
  /** §7 sent even with analytics off */
  CONNECT_SUCCESS: { method: string; name: string | undefined; address?: string }
  CONNECT_ERROR: { message: string | undefined; provider?: string }
  DISCONNECT_SUCCESS: undefined
  DISCONNECT_ERROR: undefined
  SWITCH_NETWORK: { network: string }
  OPEN_SEND: { network: string }
  SEND_INITIATED: { network: string }
  SEND_SUCCESS: { network: string }
  SEND_ERROR: { message: string }
  ONRAMP_INITIATED: { network: string; asset: string; provider: string }
  ONRAMP_SUCCESS: { network: string; asset: string }
  ONRAMP_ERROR: { network: string; reason: string }
  OPEN_SWAP: { network: string }
  INITIATE_SWAP: Swap
  SWAP_APPROVAL_SUCCESS: Swap
  SWAP_SUCCESS: Swap
  SWAP_ERROR: Swap & { message: string }
  SIWX_AUTH_SUCCESS: { network: string }
  SIWX_AUTH_ERROR: { message: string | undefined }
  CLICK_CANCEL_SIWX: undefined
  REGISTER_NAME_INITIATED: { name: string }
  REGISTER_NAME_SUCCESS: { name: string }
  REGISTER_NAME_ERROR: { name: string; message: string }
  /** The visitor picked a social provider and its popup opened */
  SOCIAL_LOGIN_STARTED: { provider: string }
  /** An email login: the address was sent (never the address itself), a code is on its way, the code worked or not */
  EMAIL_SUBMITTED: undefined
  EMAIL_VERIFICATION_CODE_SENT: undefined
  EMAIL_VERIFICATION_CODE_PASS: undefined
  EMAIL_VERIFICATION_CODE_FAIL: { message: string }
  /** §7 A social login finished (sent even with analytics off) */
  SOCIAL_LOGIN_SUCCESS: { provider: string }
  /** §7 Wallets shown in a list; analytics sends a batch's as one event */
  WALLET_IMPRESSION: { view: string; explorerId: string; name: string; displayIndex: number }
  /** §7 A wallet search sent to the directory (debounced with the search) */
  SEARCH_WALLET: { search: string }
  /** The visitor went to one of these views (VIEW_EVENTS) */
  CLICK_ALL_WALLETS: undefined
  CLICK_NETWORKS: undefined
  EMAIL_LOGIN_SELECTED: undefined
}

/** The views whose opening by the visitor is an event of its own */
export const VIEW_EVENTS: Partial<
  Record<string, 'CLICK_ALL_WALLETS' | 'CLICK_NETWORKS' | 'EMAIL_LOGIN_SELECTED'>
> = {
  AllWallets: 'CLICK_ALL_WALLETS',
  Networks: 'CLICK_NETWORKS',
  EmailLogin: 'EMAIL_LOGIN_SELECTED',
}

/** Analytics-style events the instance emits (subscribeEvents). */
export type AppKitEventName = keyof AppKitEventProperties

/** Tracks an event with the properties its name takes */
export type Track = <E extends AppKitEventName>(
  event: E,
  ...properties: AppKitEventProperties[E] extends undefined ? [] : [AppKitEventProperties[E]]
) => void

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
