// The miner's key, which every coinbase pays, and the faucet transaction it signs: matured miner
// coins (largest first) to the asked address, change back to the miner, 2 sat/vB on an upper
// bound of the size. The chain validates it like any other transaction.

import { secp256k1 } from '@noble/curves/secp256k1.js'
import { sha256 } from '@noble/hashes/sha2.js'
import { p2wpkh, Transaction } from '@scure/btc-signer'
import {
  BITCOIN_REGTEST_NETWORK,
  COINBASE_MATURITY,
  FAUCET_FEE_SAT_PER_VB,
  MINER_KEY_LABEL,
} from './constants.ts'
import { hex } from './hashes.ts'
import type { BitcoinLedger, Coin } from './ledger.ts'
import { compactSizeLength } from './rawtx.ts'
import { dustThreshold } from './script.ts'

export interface MinerKey {
  privateKey: Uint8Array
  /** P2WPKH output script */
  script: Uint8Array
  address: string
}

export function minerKey(): MinerKey {
  const privateKey = sha256(new TextEncoder().encode(MINER_KEY_LABEL))
  const payment = p2wpkh(secp256k1.getPublicKey(privateKey, true), BITCOIN_REGTEST_NETWORK)
  return { privateKey, script: payment.script, address: payment.address as string }
}

export class FaucetDry extends Error {
  constructor(needed: bigint, matured: bigint) {
    super(`the faucet needs ${needed} sat and holds ${matured} sat of matured coins`)
    this.name = 'FaucetDry'
  }
}

type SpendableCoin = Coin & { txid: string; vout: number }

/** The miner's confirmed, matured outputs no mempool transaction spends, largest first */
export function spendableMinerCoins(ledger: BitcoinLedger, miner: MinerKey): SpendableCoin[] {
  const scriptHex = hex.encode(miner.script)
  const coins: SpendableCoin[] = []
  for (const [key, coin] of ledger.utxos) {
    if (hex.encode(coin.script) !== scriptHex || ledger.spends.has(key)) continue
    if (coin.coinbase && ledger.nextHeight - coin.height < COINBASE_MATURITY) continue
    const [txid, vout] = key.split(':') as [string, string]
    coins.push({ ...coin, txid, vout: Number(vout) })
  }
  return coins.sort((a, b) => (a.value === b.value ? 0 : a.value > b.value ? -1 : 1))
}

/** At least the vsize of a P2WPKH-only spend (73-byte signatures) with these outputs */
function vsizeUpperBound(inputs: number, outputScripts: readonly Uint8Array[]): number {
  const outputsWeight = outputScripts.reduce(
    (sum, script) => sum + 4 * (8 + compactSizeLength(script.length) + script.length),
    0,
  )
  return Math.ceil((4 * 10 + 2 + 273 * inputs + outputsWeight) / 4)
}

/** A signed transaction paying `sats` to `payTo` from the miner; raw hex */
export function faucetTransaction(
  ledger: BitcoinLedger,
  miner: MinerKey,
  payTo: Uint8Array,
  sats: bigint,
): string {
  const coins = spendableMinerCoins(ledger, miner)
  const chosen: SpendableCoin[] = []
  let total = 0n
  let fee = 0n
  for (const coin of coins) {
    chosen.push(coin)
    total += coin.value
    fee = FAUCET_FEE_SAT_PER_VB * BigInt(vsizeUpperBound(chosen.length, [payTo, miner.script]))
    if (total >= sats + fee) break
  }
  if (total < sats + fee || chosen.length === 0) {
    throw new FaucetDry(
      sats + fee,
      coins.reduce((sum, coin) => sum + coin.value, 0n),
    )
  }
  const tx = new Transaction({ allowUnknownOutputs: true })
  for (const coin of chosen) {
    tx.addInput({
      txid: coin.txid,
      index: coin.vout,
      witnessUtxo: { script: coin.script, amount: coin.value },
    })
  }
  tx.addOutput({ script: payTo, amount: sats })
  const change = total - sats - fee
  if (change >= dustThreshold(miner.script)) tx.addOutput({ script: miner.script, amount: change })
  tx.sign(miner.privateKey)
  tx.finalize()
  return tx.hex
}
