// Where the sandbox pays from: its EVM treasury on the EVM chains, its Solana treasury (when
// given a key) on the Solana ones. Each network's addresses are checked in its own format.
import { type Address, getAddress, isAddress } from 'viem'
import { isSolanaAddress } from '../chain/base58.ts'
import type { Chains } from '../chain/client.ts'
import { parseCaip2 } from '../chain/config.ts'
import type { SolanaChains } from '../chain/solanaChains.ts'
import type { OnrampAsset } from './onrampAssets.ts'
import { OnrampError } from './onrampError.ts'
import type { SolanaTreasury } from './solanaTreasury.ts'
import type { Treasury } from './treasury.ts'

export interface Payouts {
  /** Whether the treasury of `network` holds any of the asset (null: the native coin) */
  holds(network: string, address: string | null): Promise<boolean>
  /**
   * The destination as stored (an EVM address checksummed); an OnrampError when the network is
   * not paid on or the address is not one of its addresses
   */
  destination(network: string | undefined, address: string): string
  /** Sends `amount` base units of the asset to `destination`; its transaction's hash or signature */
  pay(asset: OnrampAsset, destination: string, amount: bigint): Promise<string>
}

const isSolana = (network: string) => network.startsWith('solana:')

export function createPayouts(deps: {
  chains: Chains
  treasury: Treasury
  solanaChains: SolanaChains
  solanaTreasury?: SolanaTreasury
}): Payouts {
  const { treasury, solanaTreasury } = deps
  const paysOn = (network: string) =>
    isSolana(network)
      ? Boolean(solanaTreasury && deps.solanaChains.get(network))
      : Boolean(deps.chains.get(parseCaip2(network) ?? -1))

  return {
    async holds(network, address) {
      try {
        const held = isSolana(network)
          ? await solanaTreasury?.balance(network)
          : await treasury.balance(parseCaip2(network) ?? -1, address as Address | null)
        return (held ?? 0n) > 0n
      } catch {
        return false
      }
    },

    destination(network, address) {
      if (network === undefined || !paysOn(network)) {
        throw new OnrampError(`Network ${network ?? '(none)'} is not supported`)
      }
      if (isSolana(network)) {
        if (isSolanaAddress(address)) return address
        throw new OnrampError('destinationWallets[0].address must be a Solana address')
      }
      if (isAddress(address, { strict: false })) return getAddress(address)
      throw new OnrampError('destinationWallets[0].address must be an EVM address')
    },

    pay(asset, destination, amount) {
      if (asset.chainId === null) {
        if (!solanaTreasury) throw new Error(`the onramp cannot pay on ${asset.network}`)
        return solanaTreasury.pay({ network: asset.network, destination, lamports: amount })
      }
      return treasury.pay({
        chainId: asset.chainId,
        assetAddress: asset.address,
        destination: getAddress(destination),
        amount,
      })
    },
  }
}
