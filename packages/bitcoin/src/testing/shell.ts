import type { Call } from './backend.ts'

/**
 * Test support only: the test wallet's Wallet Standard object with the Bitcoin features. It runs
 * in a page (serialised with toString, so it imports nothing and uses only arrow functions;
 * `__name` is esbuild's keep-names helper, which the page wrapper defines) and in Node. Bytes
 * cross to the backend as base64; the backend decides and signs.
 */
export const bitcoinWalletShell = (
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
  const fromHex = (text: string) =>
    Uint8Array.from(text.match(/../g) ?? [], (pair) => Number.parseInt(pair, 16))
  const invoke = async (op: string, payload?: unknown) => {
    const answer = await call(op, payload)
    if (!answer.ok) throw Object.assign(new Error(answer.message), { code: answer.code })
    return answer.value
  }
  const setAccounts = (next: { address: string; publicKey: string }[]) => {
    accounts = next.map((a) =>
      Object.freeze({
        address: a.address,
        publicKey: fromHex(a.publicKey),
        chains: config.chains,
        features: ['bitcoin:signMessage', 'bitcoin:signTransaction'],
      }),
    )
    for (const listener of [...listeners]) listener({ accounts })
  }
  const connect = async (silent: boolean) => {
    const account = (await invoke('connect', { silent })) as {
      address: string
      publicKey: string
    } | null
    if (account && accounts[0]?.address !== account.address) setAccounts([account])
    return { accounts }
  }
  const signingInputs = (
    inputsToSign: { account: { address: string }; signingIndexes: number[] }[],
  ) => {
    const signInputs: Record<string, number[]> = {}
    for (const { account, signingIndexes } of inputsToSign) {
      if (!accounts.some((a) => a.address === account?.address)) {
        throw Object.assign(new Error('The account is not connected'), { code: 4100 })
      }
      signInputs[account.address] = [...(signInputs[account.address] ?? []), ...signingIndexes]
    }
    return signInputs
  }
  type PsbtInput = {
    psbt: Uint8Array
    inputsToSign: { account: { address: string }; signingIndexes: number[] }[]
    chain?: string
  }
  const signPsbt = async (input: PsbtInput, broadcast: boolean) => {
    if (input.chain !== undefined && !config.chains.includes(input.chain)) {
      throw Object.assign(new Error(`Chain ${input.chain} is not supported`), { code: 4902 })
    }
    return (await invoke('signPsbt', {
      psbt: toBase64(input.psbt),
      signInputs: signingInputs(input.inputsToSign),
      broadcast,
    })) as { psbt: string; txid?: string }
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
      'bitcoin:connect': {
        version: '1.0.0',
        connect: (_input: { purposes: string[] }) => connect(false),
      },
      'standard:connect': {
        version: '1.0.0',
        connect: (input?: { silent?: boolean }) => connect(Boolean(input?.silent)),
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
      'bitcoin:signMessage': {
        version: '1.0.0',
        signMessage: async (...inputs: { account: { address: string }; message: Uint8Array }[]) => {
          const outputs = []
          for (const input of inputs) {
            signingInputs([{ account: input.account, signingIndexes: [] }])
            const signature = (await invoke('signMessage', {
              address: input.account.address,
              message: toBase64(input.message),
            })) as string
            outputs.push({ signedMessage: input.message, signature: fromBase64(signature) })
          }
          return outputs
        },
      },
      'bitcoin:signTransaction': {
        version: '1.0.0',
        signTransaction: async (...inputs: PsbtInput[]) => {
          const outputs = []
          for (const input of inputs) {
            outputs.push({ signedPsbt: fromBase64((await signPsbt(input, false)).psbt) })
          }
          return outputs
        },
      },
      'bitcoin:signAndSendTransaction': {
        version: '1.0.0',
        signAndSendTransaction: async (...inputs: PsbtInput[]) => {
          const outputs = []
          for (const input of inputs) outputs.push({ txId: (await signPsbt(input, true)).txid })
          return outputs
        },
      },
    },
  }
  for (const feature of config.omitFeatures) {
    delete (wallet.features as Record<string, unknown>)[feature]
  }
  return { wallet, setAccounts }
}
