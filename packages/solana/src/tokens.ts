import { address, type Rpc, type SolanaRpcApi } from '@solana/kit'
import { TOKEN_PROGRAM_ADDRESS } from '@solana-program/token'
import { TOKEN_2022_PROGRAM_ADDRESS } from './constants.ts'

/** An SPL token an owner holds, summed over its token accounts of that mint. */
export interface SplTokenBalance {
  mint: string
  /** In the token's smallest unit */
  amount: bigint
  decimals: number
  /** The owning program (Token or Token-2022) */
  program: string
}

interface ParsedTokenAccount {
  info: { mint: string; tokenAmount: { amount: string; decimals: number } }
}

/** The SPL balances of an owner (getTokenAccountsByOwner, jsonParsed), Token and Token-2022. */
export async function getSplBalances(
  rpc: Rpc<SolanaRpcApi>,
  owner: string,
): Promise<SplTokenBalance[]> {
  const programs = [TOKEN_PROGRAM_ADDRESS, TOKEN_2022_PROGRAM_ADDRESS]
  const answers = await Promise.allSettled(
    programs.map((program) =>
      rpc
        .getTokenAccountsByOwner(
          address(owner),
          { programId: address(program) },
          { encoding: 'jsonParsed' },
        )
        .send(),
    ),
  )
  // The classic program must answer; a node without Token-2022 just has none of it.
  if (answers[0]?.status === 'rejected') throw answers[0].reason
  const byMint = new Map<string, SplTokenBalance>()
  answers.forEach((answer, index) => {
    if (answer.status !== 'fulfilled') return
    for (const { account } of answer.value.value) {
      const { info } = account.data.parsed as unknown as ParsedTokenAccount
      const amount = BigInt(info.tokenAmount.amount)
      const known = byMint.get(info.mint)
      if (known) known.amount += amount
      else {
        byMint.set(info.mint, {
          mint: info.mint,
          amount,
          decimals: info.tokenAmount.decimals,
          program: programs[index] as string,
        })
      }
    }
  })
  return [...byMint.values()]
}
