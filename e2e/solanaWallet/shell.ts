import type { Call } from './types'

/**
 * The Wallet Standard wallet object. It runs in the page (serialised with toString, so it
 * imports nothing and uses only arrow functions; `__name` is esbuild's keep-names helper, which
 * the page wrapper defines) and in Node. Bytes cross to the backend as base64.
 */
export const solanaWalletShell = (
  call: Call,
  config: { name: string; icon: string; chains: string[]; omitFeatures: string[] },
) => {
  const listeners: ((properties: { accounts?: unknown[] }) => void)[] = []
  let accounts: Record<string, unknown>[] = []
  const toBase64 = (bytes: Uint8Array) => {
    let text = ''
    for (const byte of bytes) text += String.fromCharCode(byte)
    return btoa(text)
  }
  const fromBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0))
  const invoke = async (op: string, payload?: unknown) => {
    const answer = await call(op, payload)
    if (!answer.ok) throw Object.assign(new Error(answer.message), { code: answer.code })
    return answer.value
  }
  const emit = () => {
    for (const listener of [...listeners]) listener({ accounts })
  }
  const setAccounts = (next: { address: string; publicKey: string }[]) => {
    accounts = next.map((a) =>
      Object.freeze({
        address: a.address,
        publicKey: fromBase64(a.publicKey),
        chains: config.chains,
        features: ['solana:signMessage', 'solana:signTransaction', 'solana:signAndSendTransaction'],
      }),
    )
    emit()
  }
  const checkAccount = (account: { address?: string } | undefined) => {
    if (!accounts.some((a) => a.address === account?.address)) {
      throw Object.assign(new Error('The account is not connected'), { code: 4100 })
    }
  }
  const checkChain = (chain: string | undefined, required: boolean) => {
    if (
      (chain === undefined && required) ||
      (chain !== undefined && !config.chains.includes(chain))
    ) {
      throw Object.assign(new Error(`Chain ${chain} is not supported`), { code: 4902 })
    }
  }
  const wallet = {
    version: '1.0.0',
    name: config.name,
    icon: config.icon,
    chains: config.chains,
    get accounts() {
      return accounts
    },
    features: {
      'standard:connect': {
        version: '1.0.0',
        connect: async (input?: { silent?: boolean }) => {
          const account = (await invoke('connect', { silent: Boolean(input?.silent) })) as {
            address: string
            publicKey: string
          } | null
          if (account && accounts[0]?.address !== account.address) setAccounts([account])
          return { accounts }
        },
      },
      'standard:disconnect': {
        version: '1.0.0',
        disconnect: async () => {
          await invoke('disconnect')
          if (accounts.length > 0) setAccounts([])
        },
      },
      'standard:events': {
        version: '1.0.0',
        on: (event: string, listener: (properties: { accounts?: unknown[] }) => void) => {
          if (event === 'change') listeners.push(listener)
          return () => {
            const index = listeners.indexOf(listener)
            if (index >= 0) listeners.splice(index, 1)
          }
        },
      },
      'solana:signMessage': {
        version: '1.1.0',
        signMessage: async (...inputs: { account: { address: string }; message: Uint8Array }[]) => {
          const outputs = []
          for (const input of inputs) {
            checkAccount(input.account)
            const signature = (await invoke('signMessage', {
              message: toBase64(input.message),
            })) as string
            outputs.push({
              signedMessage: input.message,
              signature: fromBase64(signature),
              signatureType: 'ed25519',
            })
          }
          return outputs
        },
      },
      'solana:signTransaction': {
        version: '1.0.0',
        supportedTransactionVersions: ['legacy', 0],
        signTransaction: async (
          ...inputs: { account: { address: string }; transaction: Uint8Array; chain?: string }[]
        ) => {
          for (const input of inputs) {
            checkAccount(input.account)
            checkChain(input.chain, false)
          }
          const signed = (await invoke('signTransactions', {
            transactions: inputs.map((input) => toBase64(input.transaction)),
          })) as string[]
          return signed.map((transaction) => ({ signedTransaction: fromBase64(transaction) }))
        },
      },
      'solana:signAndSendTransaction': {
        version: '1.0.0',
        supportedTransactionVersions: ['legacy', 0],
        signAndSendTransaction: async (
          ...inputs: {
            account: { address: string }
            transaction: Uint8Array
            chain: string
            options?: { skipPreflight?: boolean; preflightCommitment?: string }
          }[]
        ) => {
          const outputs = []
          for (const input of inputs) {
            checkAccount(input.account)
            checkChain(input.chain, true)
            const signature = (await invoke('signAndSendTransaction', {
              transaction: toBase64(input.transaction),
              chain: input.chain,
              options: input.options ?? {},
            })) as string
            outputs.push({ signature: fromBase64(signature) })
          }
          return outputs
        },
      },
    },
  }
  for (const feature of config.omitFeatures)
    delete (wallet.features as Record<string, unknown>)[feature]
  return { wallet, setAccounts }
}
