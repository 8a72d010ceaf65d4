// Pays onramp purchases from the sandbox's treasury: a real transaction on the local chain, sent
// and waited for. One payout at a time per chain, so the treasury's nonces never collide in this
// process (a sandbox serves from one instance; README "Buy crypto").
import { type Address, createWalletClient, erc20Abi, type Hash, type Hex, http } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import type { Chains } from '../chain/client.ts'
import { Mutex } from '../db/mutex.ts'

export interface Payout {
  chainId: number
  /** null: the chain's native coin */
  assetAddress: Address | null
  destination: Address
  amount: bigint
}

export interface Treasury {
  readonly address: Address
  /** Sends the payout and waits until it is mined; throws when it reverted */
  pay(payout: Payout): Promise<Hash>
  /** What the treasury holds of an asset (null: the native coin) */
  balance(chainId: number, assetAddress: Address | null): Promise<bigint>
}

export function createTreasury(chains: Chains, key: Hex): Treasury {
  const account = privateKeyToAccount(key)
  const locks = new Map<number, Mutex>()
  const chainOf = (chainId: number) => {
    const chain = chains.get(chainId)
    if (!chain) throw new Error(`the onramp cannot pay on chain ${chainId}`)
    return chain
  }

  return {
    address: account.address,

    async pay({ chainId, assetAddress, destination, amount }) {
      const chain = chainOf(chainId)
      let lock = locks.get(chainId)
      if (!lock) {
        lock = new Mutex()
        locks.set(chainId, lock)
      }
      const release = await lock.acquire()
      try {
        const wallet = createWalletClient({ account, transport: http(chain.rpcUrl) })
        const hash = assetAddress
          ? await wallet.writeContract({
              chain: null,
              address: assetAddress,
              abi: erc20Abi,
              functionName: 'transfer',
              args: [destination, amount],
            })
          : await wallet.sendTransaction({ chain: null, to: destination, value: amount })
        const receipt = await chain.client.waitForTransactionReceipt({ hash, pollingInterval: 100 })
        if (receipt.status !== 'success') throw new Error(`the payout reverted (${hash})`)
        return hash
      } finally {
        release()
      }
    },

    balance(chainId, assetAddress) {
      const { client } = chainOf(chainId)
      return assetAddress
        ? client.readContract({
            address: assetAddress,
            abi: erc20Abi,
            functionName: 'balanceOf',
            args: [account.address],
          })
        : client.getBalance({ address: account.address })
    },
  }
}
