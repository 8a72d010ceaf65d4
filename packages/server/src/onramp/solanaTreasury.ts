// Pays SOL purchases from the sandbox's Solana treasury: a system transfer signed here, sent to
// the chain's node and waited for until confirmed. One payout at a time per chain, like the EVM
// treasury (treasury.ts).
import {
  address,
  appendTransactionMessageInstruction,
  createKeyPairSignerFromPrivateKeyBytes,
  createTransactionMessage,
  getBase64EncodedWireTransaction,
  getSignatureFromTransaction,
  type KeyPairSigner,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import type { SolanaChains } from '../chain/solanaChains.ts'
import { ONRAMP_SOLANA_CONFIRM_MS, ONRAMP_SOLANA_POLL_MS } from '../constants/onramp.ts'
import { Mutex } from '../db/mutex.ts'

export interface SolanaTreasury {
  address(): Promise<string>
  /** Sends `lamports` to `destination` and waits until confirmed; throws when it failed */
  pay(payout: { network: string; destination: string; lamports: bigint }): Promise<string>
  /** The treasury's SOL in lamports */
  balance(network: string): Promise<bigint>
}

interface StatusAnswer {
  value: ({ err: unknown; confirmationStatus?: string } | null)[]
}

/** `seedHex`: the treasury's 32-byte ed25519 seed (ONRAMP_SOLANA_TREASURY_KEY) */
export function createSolanaTreasury(chains: SolanaChains, seedHex: string): SolanaTreasury {
  const signer: Promise<KeyPairSigner> = createKeyPairSignerFromPrivateKeyBytes(
    new Uint8Array(Buffer.from(seedHex, 'hex')),
  )
  const locks = new Map<string, Mutex>()
  const chainOf = (network: string) => {
    const chain = chains.get(network)
    if (!chain) throw new Error(`the onramp cannot pay on ${network}`)
    return chain
  }

  async function confirmed(network: string, signature: string) {
    const { rpc } = chainOf(network)
    const deadline = Date.now() + ONRAMP_SOLANA_CONFIRM_MS
    while (Date.now() < deadline) {
      const answer = (await rpc.call('getSignatureStatuses', [[signature]])) as StatusAnswer
      const [status] = answer.value
      if (status?.err) throw new Error(`the payout failed (${signature})`)
      if (status && status.confirmationStatus !== 'processed') return
      await new Promise((resolve) => setTimeout(resolve, ONRAMP_SOLANA_POLL_MS))
    }
    throw new Error(`the payout was not confirmed in time (${signature})`)
  }

  return {
    address: async () => (await signer).address,

    async pay({ network, destination, lamports }) {
      const { rpc } = chainOf(network)
      let lock = locks.get(network)
      if (!lock) {
        lock = new Mutex()
        locks.set(network, lock)
      }
      const release = await lock.acquire()
      try {
        const payer = await signer
        const latest = (await rpc.call('getLatestBlockhash', [{ commitment: 'confirmed' }])) as {
          value: { blockhash: string; lastValidBlockHeight: string | number }
        }
        const message = pipe(
          createTransactionMessage({ version: 0 }),
          (m) => setTransactionMessageFeePayerSigner(payer, m),
          (m) =>
            setTransactionMessageLifetimeUsingBlockhash(
              {
                blockhash: latest.value.blockhash as never,
                lastValidBlockHeight: BigInt(latest.value.lastValidBlockHeight),
              },
              m,
            ),
          (m) =>
            appendTransactionMessageInstruction(
              getTransferSolInstruction({
                source: payer,
                destination: address(destination),
                amount: lamports,
              }),
              m,
            ),
        )
        const signed = await signTransactionMessageWithSigners(message)
        const signature = getSignatureFromTransaction(signed)
        await rpc.call('sendTransaction', [
          getBase64EncodedWireTransaction(signed),
          { encoding: 'base64', preflightCommitment: 'confirmed' },
        ])
        await confirmed(network, signature)
        return signature
      } finally {
        release()
      }
    },

    async balance(network) {
      const answer = (await chainOf(network).rpc.call('getBalance', [
        (await signer).address,
        { commitment: 'confirmed' },
      ])) as { value: string | number }
      return BigInt(answer.value)
    },
  }
}
