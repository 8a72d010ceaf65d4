import {
  type Address,
  address,
  appendTransactionMessageInstructions,
  type Blockhash,
  compileTransaction,
  createNoopSigner,
  createTransactionMessage,
  getTransactionEncoder,
  type Instruction,
  pipe,
  type Rpc,
  type SolanaRpcApi,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import {
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstruction,
  getTransferCheckedInstruction,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token'
import { TOKEN_2022_PROGRAM_ADDRESS } from './constants.ts'
import { SolanaErrorText } from './errors.ts'

export interface TransferPlan {
  from: string
  to: string
  /** Lamports, or the token's smallest unit */
  amount: bigint
  /** An SPL token: its mint, decimals and owning program (Token or Token-2022) */
  token?: { mint: string; decimals: number; program: string }
}

export interface Lifetime {
  blockhash: Blockhash
  lastValidBlockHeight: bigint
}

/** The owning program of a mint: the classic Token program or Token-2022; anything else is not a mint. */
export async function tokenProgramOf(rpc: Rpc<SolanaRpcApi>, mint: string): Promise<Address> {
  const { value } = await rpc.getAccountInfo(address(mint), { encoding: 'base64' }).send()
  const owner = value?.owner
  if (owner === TOKEN_PROGRAM_ADDRESS || owner === TOKEN_2022_PROGRAM_ADDRESS) return owner
  throw new Error(SolanaErrorText.notATokenMint(mint))
}

/** The associated token account of an owner for a mint. */
export async function associatedTokenAccount(owner: string, mint: string, program: string) {
  const [ata] = await findAssociatedTokenPda({
    owner: address(owner),
    mint: address(mint),
    tokenProgram: address(program),
  })
  return ata
}

/**
 * §5 Send as instructions: a System transfer; or, for a token, the receiver's associated token
 * account created when missing (idempotent) and a `transferChecked` from the sender's.
 */
export async function transferInstructions(plan: TransferPlan): Promise<Instruction[]> {
  // The wallet signs later: the sender is a signer without a key here.
  const sender = createNoopSigner(address(plan.from))
  const receiver = address(plan.to)
  if (!plan.token) {
    return [
      getTransferSolInstruction({ source: sender, destination: receiver, amount: plan.amount }),
    ]
  }
  const { mint, decimals, program } = plan.token
  const [source, destination] = await Promise.all([
    associatedTokenAccount(plan.from, mint, program),
    associatedTokenAccount(plan.to, mint, program),
  ])
  return [
    getCreateAssociatedTokenIdempotentInstruction({
      payer: sender,
      ata: destination,
      owner: receiver,
      mint: address(mint),
      tokenProgram: address(program),
    }),
    getTransferCheckedInstruction(
      {
        source,
        mint: address(mint),
        destination,
        authority: sender,
        amount: plan.amount,
        decimals,
      },
      { programAddress: address(program) },
    ),
  ]
}

/** The unsigned legacy wire transaction of the transfer, paid by the sender. */
export async function buildTransferTransaction(
  plan: TransferPlan,
  lifetime: Lifetime,
): Promise<Uint8Array> {
  const instructions = await transferInstructions(plan)
  const message = pipe(
    createTransactionMessage({ version: 'legacy' }),
    (m) => setTransactionMessageFeePayer(address(plan.from), m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(lifetime, m),
    (m) => appendTransactionMessageInstructions(instructions, m),
  )
  return new Uint8Array(getTransactionEncoder().encode(compileTransaction(message)))
}
