// What the approval card says about a Solana transaction: fee payer, programs, SOL transfers,
// signers, lookup tables, size, and the cluster.
import type { ChainId } from '../config.ts'
import type { Detail } from '../signingRequest.ts'
import type { SolanaMessage, WireTransaction } from './wire.ts'

const MAX_TRANSFERS_SHOWN = 5
const LAMPORTS_PER_SOL = 1_000_000_000n

const SYSTEM_PROGRAM = '11111111111111111111111111111111'
const PROGRAM_NAMES: Record<string, string> = {
  [SYSTEM_PROGRAM]: 'System Program',
  TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA: 'Token Program',
  TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb: 'Token-2022 Program',
  ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL: 'Associated Token Account Program',
  ComputeBudget111111111111111111111111111111: 'Compute Budget Program',
  MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr: 'Memo Program',
}
/** Genesis-hash references of the public clusters (CAIP-2 solana:<reference>) */
const CLUSTERS: Record<string, string> = {
  '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp': 'Solana',
  EtWTRABZaYq6iMfeYKouRu166VU2xqa1: 'Solana Devnet',
  '4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z': 'Solana Testnet',
}

export function formatSol(lamports: bigint): string {
  const whole = lamports / LAMPORTS_PER_SOL
  const fraction = (lamports % LAMPORTS_PER_SOL).toString().padStart(9, '0').replace(/0+$/, '')
  return fraction ? `${whole}.${fraction}` : `${whole}`
}

/** System Program transfers (instruction 2: u32 2, u64 lamports; accounts from, to). */
function transfers(message: SolanaMessage, address: string): string[] {
  const key = (index: number | undefined) =>
    index === undefined
      ? '?'
      : (message.accountKeys[index] ?? 'an account from an address lookup table')
  const out: string[] = []
  for (const { programIndex, accounts, data } of message.instructions) {
    if (message.accountKeys[programIndex] !== SYSTEM_PROGRAM || data.length !== 12) continue
    const view = new DataView(data.buffer, data.byteOffset, data.byteLength)
    if (view.getUint32(0, true) !== 2) continue
    const amount = `${formatSol(view.getBigUint64(4, true))} SOL`
    const from = key(accounts[0])
    out.push(
      from === address
        ? `${amount} to ${key(accounts[1])}`
        : `${amount} from ${from} to ${key(accounts[1])}`,
    )
  }
  return out
}

function programs(message: SolanaMessage): string {
  const names = new Set(
    message.instructions.map(({ programIndex }) => {
      const id = message.accountKeys[programIndex] ?? '?'
      return PROGRAM_NAMES[id] ?? id
    }),
  )
  return [...names].join(', ') || 'none'
}

/** The lines of one transaction's description. */
export function describeTransaction(transaction: WireTransaction, address: string): Detail[] {
  const { message } = transaction
  const details: Detail[] = [
    { label: 'Fee payer', value: message.accountKeys[0] ?? '?', mono: true },
    {
      label: 'Instructions',
      value: `${message.instructions.length} (${programs(message)})`,
    },
  ]
  const sent = transfers(message, address)
  for (const line of sent.slice(0, MAX_TRANSFERS_SHOWN)) {
    details.push({ label: 'Transfer', value: line, mono: true })
  }
  if (sent.length > MAX_TRANSFERS_SHOWN) {
    details.push({
      label: 'Transfer',
      value: {
        text: 'and {count} more transfers',
        params: { count: sent.length - MAX_TRANSFERS_SHOWN },
      },
    })
  }
  if (message.numRequiredSignatures > 1) {
    details.push({
      label: 'Signatures',
      value: { text: '{count} required', params: { count: message.numRequiredSignatures } },
    })
  }
  if (message.lookupTables > 0) {
    details.push({
      label: 'Lookup tables',
      value: {
        text: '{tables} ({count} accounts not shown)',
        params: { tables: message.lookupTables, count: message.lookupAccounts },
      },
    })
  }
  details.push({
    label: 'Size',
    value: { text: '{count} bytes', params: { count: transaction.bytes.length } },
  })
  return details
}

export function networkDetail(chainId: ChainId | undefined): Detail[] {
  if (chainId === undefined) return []
  return [{ label: 'Network', value: CLUSTERS[String(chainId)] ?? `Solana ${chainId}` }]
}
