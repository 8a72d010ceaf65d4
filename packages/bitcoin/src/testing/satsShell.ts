import type { Call } from './backend.ts'

/**
 * Test support only: the test wallet's Sats Connect provider (what `btc_providers` points at),
 * over the same backend as the Wallet Standard object. Page-serialisable like shell.ts. It
 * answers JSON-RPC 2.0 envelopes as @sats-connect/core 0.17's providers do.
 */
export const satsProviderShell = (call: Call, config: { network: string }) => {
  const listeners: { eventName: string; cb: (event: unknown) => void }[] = []
  let id = 0
  const emit = (eventName: string, event: unknown) => {
    for (const listener of [...listeners]) if (listener.eventName === eventName) listener.cb(event)
  }
  // biome-ignore lint/suspicious/noExplicitAny: the backend's answers are JSON of each method's shape
  const invoke = async (op: string, payload?: unknown): Promise<any> => {
    const answer = await call(op, payload)
    if (!answer.ok) throw Object.assign(new Error(answer.message), { code: answer.code })
    return answer.value
  }
  const toBase64 = (text: string) => btoa(String.fromCharCode(...new TextEncoder().encode(text)))
  const addressOf = (account: { address: string; publicKey: string }) => ({
    address: account.address,
    publicKey: account.publicKey,
    purpose: 'payment',
    addressType: 'p2wpkh',
    walletType: 'software',
  })
  const network = { bitcoin: { name: config.network }, stacks: { name: 'testnet' } }
  const handlers: Record<string, (params: Record<string, unknown>) => Promise<unknown>> = {
    wallet_connect: async () => {
      const account = await invoke('connect', { silent: false })
      return { id: 'test', addresses: [addressOf(account)], walletType: 'software', network }
    },
    getAccounts: async () => [addressOf(await invoke('connect', { silent: false }))],
    wallet_getCurrentPermissions: () => invoke('permissions'),
    wallet_getNetwork: async () => network,
    signMessage: async ({ address, message }) => ({
      signature: await invoke('signMessage', { address, message: toBase64(String(message)) }),
      messageHash: '',
      address,
      protocol: 'BIP322',
    }),
    signPsbt: (params) => invoke('signPsbt', params),
    sendTransfer: (params) => invoke('sendTransfer', params),
    wallet_disconnect: async () => {
      await invoke('disconnect')
      emit('disconnect', { type: 'disconnect' })
      return null
    },
  }
  const provider = {
    request: async (method: string, params: unknown) => {
      const requestId = String(++id)
      const handler = handlers[method]
      if (!handler) {
        const error = { code: -32601, message: `Method not found: ${method}` }
        return { jsonrpc: '2.0', id: requestId, error }
      }
      try {
        const result = await handler((params ?? {}) as Record<string, unknown>)
        return { jsonrpc: '2.0', id: requestId, result }
      } catch (failure) {
        const { code, message } = failure as { code?: number; message?: string }
        return { jsonrpc: '2.0', id: requestId, error: { code: code ?? -32603, message } }
      }
    },
    addListener: (listener: { eventName: string; cb: (event: unknown) => void }) => {
      listeners.push(listener)
      return () => {
        const index = listeners.indexOf(listener)
        if (index >= 0) listeners.splice(index, 1)
      }
    },
  }
  return { provider, emit }
}
