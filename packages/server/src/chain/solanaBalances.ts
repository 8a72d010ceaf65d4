// Live Solana balances: SOL and the chain's known SPL tokens, read from the node
// (getBalance, getTokenAccountsByOwner jsonParsed), cached per (chain, address) for 30 s (§9).
import { SPL_TOKEN_PROGRAMS } from '../constants.ts'
import type { RawBalance } from './balances.ts'
import { LiveBalanceReader } from './liveBalances.ts'
import { SOLANA_NATIVE_COIN, type SolanaChain } from './solanaChains.ts'

const COMMITMENT = 'confirmed'

interface ParsedTokenAccount {
  account?: {
    data?: {
      parsed?: { info?: { mint?: string; tokenAmount?: { amount?: string; decimals?: number } } }
    }
  }
}

/** SOL (always) and every known token with a non-zero balance. */
export class SolanaBalanceReader extends LiveBalanceReader<SolanaChain> {
  constructor(now?: () => number, ttlMs?: number) {
    super(readLive, now, ttlMs)
  }
}

async function readLive(chain: SolanaChain, address: string): Promise<RawBalance[]> {
  const [balance, ...tokenLists] = await chain.rpc.batch([
    { method: 'getBalance', params: [address, { commitment: COMMITMENT }] },
    ...SPL_TOKEN_PROGRAMS.map((programId) => ({
      method: 'getTokenAccountsByOwner',
      params: [address, { programId }, { encoding: 'jsonParsed', commitment: COMMITMENT }],
    })),
  ])
  const lamports = BigInt((balance as { value: number | string }).value)
  // An owner may hold one mint in several token accounts: add them up.
  const held = new Map<string, { amount: bigint; decimals: number }>()
  for (const list of tokenLists) {
    for (const entry of (list as { value: ParsedTokenAccount[] }).value) {
      const info = entry.account?.data?.parsed?.info
      const mint = info?.mint
      const amount = info?.tokenAmount?.amount
      if (!mint || amount === undefined || !chain.tokenByMint.has(mint)) continue
      const before = held.get(mint)?.amount ?? 0n
      const decimals = info?.tokenAmount?.decimals ?? chain.tokenByMint.get(mint)?.decimals ?? 0
      held.set(mint, { amount: before + BigInt(amount), decimals })
    }
  }
  return [
    { address: null, ...SOLANA_NATIVE_COIN, icon: null, amount: lamports },
    // Known tokens in their configured order; §5: tokens with 0 decimals are left out.
    ...chain.tokens.flatMap((token) => {
      const found = held.get(token.mint)
      if (!found || found.amount === 0n || found.decimals === 0) return []
      return [
        {
          address: token.mint,
          name: token.name,
          symbol: token.symbol,
          decimals: found.decimals,
          icon: null,
          amount: found.amount,
        },
      ]
    }),
  ]
}
