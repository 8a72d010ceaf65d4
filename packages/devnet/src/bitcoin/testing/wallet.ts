// Test wallets built with @scure/btc-signer, as a browser wallet would build them: a P2WPKH or
// P2TR key-path key, and transfers it signs from given coins.
import { schnorr, secp256k1 } from '@noble/curves/secp256k1.js'
import { sha256 } from '@noble/hashes/sha2.js'
import { p2tr, p2wpkh, RawTx, Transaction } from '@scure/btc-signer'
import { BITCOIN_REGTEST_NETWORK } from '../constants.ts'
import { hex } from '../hashes.ts'

export type WalletKind = 'p2wpkh' | 'p2tr'

export interface WalletCoin {
  txid: string
  vout: number
  value: number | bigint
}

export interface Payment {
  address: string
  value: number | bigint
}

export interface TestWallet {
  kind: WalletKind
  privateKey: Uint8Array
  address: string
  script: Uint8Array
  /** Signs a transaction spending `coins` (all this wallet's) to `payments`; raw hex */
  transfer(
    coins: readonly WalletCoin[],
    payments: readonly Payment[],
    options?: TransferOptions,
  ): string
}

export interface TransferOptions {
  /** Signs with this key instead of the wallet's own */
  signingKey?: Uint8Array
  version?: number
  lockTime?: number
  sequence?: number
}

export function testWallet(kind: WalletKind, label: string): TestWallet {
  const privateKey = sha256(new TextEncoder().encode(`bitcoin test wallet ${label}`))
  const payment =
    kind === 'p2wpkh'
      ? p2wpkh(secp256k1.getPublicKey(privateKey, true), BITCOIN_REGTEST_NETWORK)
      : p2tr(schnorr.getPublicKey(privateKey), undefined, BITCOIN_REGTEST_NETWORK)
  const address = payment.address as string
  return {
    kind,
    privateKey,
    address,
    script: payment.script,
    transfer(coins, payments, options = {}) {
      const tx = new Transaction({
        allowUnknownOutputs: true,
        ...(options.version !== undefined && { version: options.version }),
        ...(options.lockTime !== undefined && { lockTime: options.lockTime }),
      })
      for (const coin of coins) {
        tx.addInput({
          txid: coin.txid,
          index: coin.vout,
          witnessUtxo: { script: payment.script, amount: BigInt(coin.value) },
          ...(options.sequence !== undefined && { sequence: options.sequence }),
          ...(kind === 'p2tr' && {
            tapInternalKey: (payment as ReturnType<typeof p2tr>).tapInternalKey,
          }),
        })
      }
      for (const { address: to, value } of payments) {
        tx.addOutputAddress(to, BigInt(value), BITCOIN_REGTEST_NETWORK)
      }
      const signingKey = options.signingKey ?? privateKey
      // btc-signer refuses to sign with a key the input does not name; a wrong-key test signs the
      // same sighash itself below.
      if (signingKey === privateKey) {
        tx.sign(signingKey)
        tx.finalize()
        return tx.hex
      }
      return signWithOtherKey(tx, kind, signingKey, payment.script, coins)
    },
  }
}

function signWithOtherKey(
  tx: Transaction,
  kind: WalletKind,
  key: Uint8Array,
  script: Uint8Array,
  coins: readonly WalletCoin[],
): string {
  const amounts = coins.map((coin) => BigInt(coin.value))
  const witnesses = coins.map((_, index) => {
    if (kind === 'p2tr') {
      const digest = tx.preimageWitnessV1(
        index,
        coins.map(() => script),
        0,
        amounts,
      )
      return [schnorr.sign(digest, key)]
    }
    const scriptCode = new Uint8Array([0x76, 0xa9, 0x14, ...script.subarray(2), 0x88, 0xac])
    const digest = tx.preimageWitnessV0(index, scriptCode, 1, amounts[index] as bigint)
    const der = secp256k1.sign(digest, key, { prehash: false, format: 'der' })
    return [new Uint8Array([...der, 1]), secp256k1.getPublicKey(key, true)]
  })
  for (const [index, witness] of witnesses.entries()) {
    tx.updateInput(index, { finalScriptWitness: witness }, true)
  }
  return tx.hex
}

type RawTxValue = ReturnType<typeof RawTx.decode>

/** Decodes a raw transaction, lets `edit` change it, and serializes it again */
export function editTx(rawHex: string, edit: (tx: RawTxValue) => void): string {
  const tx = RawTx.decode(hex.decode(rawHex))
  edit(tx)
  return hex.encode(RawTx.encode(tx))
}
