// Test support: a regtest key (P2WPKH) that pays from its coins as a wallet would: coins read
// from Esplora, the transaction built and signed with @scure/btc-signer, broadcast to Esplora.
import { createHash } from 'node:crypto'
import { Address, getAddress, OutScript, TEST_NETWORK, Transaction } from '@scure/btc-signer'

const REGTEST = { ...TEST_NETWORK, bech32: 'bcrt' }

export interface RegtestWallet {
  address: string
  /** Spends every coin it has to `payments`, the change back to itself; the txid */
  pay(payments: readonly { address: string; sats: bigint }[], feeSats?: bigint): Promise<string>
}

export function regtestWallet(esploraUrl: string, label: string): RegtestWallet {
  const privateKey = createHash('sha256').update(`latchkey server test ${label}`).digest()
  const address = getAddress('wpkh', privateKey, REGTEST)
  const script = OutScript.encode(Address(REGTEST).decode(address))
  return {
    address,
    async pay(payments, feeSats = 1_000n) {
      const coins = (await (await fetch(`${esploraUrl}/address/${address}/utxo`)).json()) as {
        txid: string
        vout: number
        value: number
      }[]
      const tx = new Transaction()
      let change = -feeSats
      for (const coin of coins) {
        tx.addInput({
          txid: coin.txid,
          index: coin.vout,
          witnessUtxo: { script, amount: BigInt(coin.value) },
        })
        change += BigInt(coin.value)
      }
      for (const payment of payments) {
        tx.addOutputAddress(payment.address, payment.sats, REGTEST)
        change -= payment.sats
      }
      if (change < 0n) throw new Error(`${label} holds too little for these payments`)
      if (change > 0n) tx.addOutputAddress(address, change, REGTEST)
      tx.sign(privateKey)
      tx.finalize()
      const response = await fetch(`${esploraUrl}/tx`, { method: 'POST', body: tx.hex })
      const text = await response.text()
      if (!response.ok) throw new Error(`${label}'s payment refused: ${text}`)
      return text.trim()
    },
  }
}
