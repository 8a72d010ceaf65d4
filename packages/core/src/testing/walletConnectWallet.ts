// Test support only: nothing in the library imports this module.
import type {
  SessionChange,
  WalletConnectClient,
  WalletConnectSession,
} from '../walletConnect/walletConnectClient.ts'

export const WC_ACCOUNT = '0x90F79bf6EB2c4f870365E785982E1f101E93b906'
export const WC_OTHER = '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65'

export function evmSession(
  eip155: { accounts: string[]; chains?: string[]; methods?: string[] },
  topic = 't1',
): WalletConnectSession {
  return {
    topic,
    namespaces: {
      eip155: { methods: [], events: ['chainChanged', 'accountsChanged'], ...eip155 },
    },
    peer: { metadata: { name: 'Rainbow', icons: [] } },
  }
}

/**
 * The wallet at the other end of a WalletConnect session, as the client interface shows it (the
 * sign client itself is WalletConnect's; e2e drives it over our relay). The test sets the
 * session, answers the requests and sends the session's events.
 */
export function scriptedWallet(initial?: WalletConnectSession) {
  let live = initial
  const listeners = new Set<(event: SessionChange) => void>()
  const requests: { method: string; params?: unknown; caipNetworkId: string }[] = []
  let answer: (method: string, params: unknown) => unknown = () => '0xsigned'
  let disconnects = 0
  const client: WalletConnectClient = {
    session: () => live,
    peer: () => live && { name: live.peer.metadata.name },
    propose: () => Promise.reject(new Error('not scripted')),
    authenticate: () => Promise.reject(new Error('not scripted')),
    abandon: async () => {},
    async request<T>(args: { method: string; params?: unknown }, caipNetworkId: string) {
      requests.push({ ...args, caipNetworkId })
      return answer(args.method, args.params) as T
    },
    async disconnect() {
      disconnects++
      live = undefined
    },
    close: async () => {},
    onSession(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
  const emit = (change: SessionChange) => {
    for (const listener of [...listeners]) listener(change)
  }
  return {
    client,
    requests,
    listeners,
    disconnects: () => disconnects,
    answerWith(fn: (method: string, params: unknown) => unknown) {
      answer = fn
    },
    /** The wallet changes the session (approves chains, accounts). */
    update(session: WalletConnectSession) {
      live = session
      emit({ type: 'updated', session })
    },
    /** The wallet ends the session. */
    end() {
      live = undefined
      emit({ type: 'deleted' })
    },
    event(name: string, caipNetworkId: string, data: unknown = []) {
      emit({ type: 'event', name, data, caipNetworkId })
    },
  }
}
