// Test support only: the devnet's regtest chain as the adapter's network.
import { withRpcUrl } from '@latchkey/core/networks'
import { startBitcoinRegtest } from '@latchkey/devnet'
import { bitcoinRegtest } from '../networks.ts'

/** A regtest chain on a free port and the regtest network pointing at its Esplora API. */
export async function startRegtestNetwork() {
  const regtest = await startBitcoinRegtest({ port: 0 })
  return { regtest, network: withRpcUrl(bitcoinRegtest, regtest.url) }
}

/** Esplora's view of a transaction: its fee and outputs. */
export async function esploraTx(url: string, txid: string) {
  const response = await fetch(`${url}/tx/${txid}`)
  if (!response.ok) throw new Error(`GET /tx/${txid}: ${response.status}`)
  return (await response.json()) as {
    fee: number
    vout: { scriptpubkey_address?: string; value: number }[]
    status: { confirmed: boolean }
  }
}
