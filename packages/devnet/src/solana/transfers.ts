// Signed transfers for tests and scripts: SOL, and the devnet's lUSD to any owner (its
// associated token account created idempotently), sent over JSON-RPC and awaited.
import {
  address,
  appendTransactionMessageInstructions,
  createKeyPairSignerFromBytes,
  createSolanaRpc,
  createTransactionMessage,
  getBase64EncodedWireTransaction,
  type Instruction,
  pipe,
  type Signature,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import {
  getCreateAssociatedTokenIdempotentInstructionAsync,
  getTransferCheckedInstruction,
} from '@solana-program/token'
import { SOLANA_MINT_KEYPAIR } from './accounts.ts'
import { SOLANA_TOKEN_SPEC } from './constants.ts'
import { associatedTokenAddress } from './genesis.ts'
import type { SolanaKeypair } from './keys.ts'

const CONFIRM_POLL_MS = 20
const CONFIRM_TIMEOUT_MS = 10_000

type Signer = Awaited<ReturnType<typeof createKeyPairSignerFromBytes>>

/** Signs the instructions with `payer` (fee payer), sends them and waits until they landed. */
export async function sendSolanaInstructions(
  rpcUrl: string,
  payer: SolanaKeypair,
  build: (signer: Signer) => Instruction[] | Promise<Instruction[]>,
): Promise<Signature> {
  const rpc = createSolanaRpc(rpcUrl)
  const signer = await createKeyPairSignerFromBytes(payer.secretKey)
  const instructions = await build(signer)
  const { value: lifetime } = await rpc.getLatestBlockhash().send()
  const signed = await signTransactionMessageWithSigners(
    pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayerSigner(signer, m),
      (m) => setTransactionMessageLifetimeUsingBlockhash(lifetime, m),
      (m) => appendTransactionMessageInstructions(instructions, m),
    ),
  )
  const signature = await rpc
    .sendTransaction(getBase64EncodedWireTransaction(signed), { encoding: 'base64' })
    .send()
  const deadline = Date.now() + CONFIRM_TIMEOUT_MS
  while (Date.now() < deadline) {
    const { value } = await rpc.getSignatureStatuses([signature]).send()
    const status = value[0]
    if (status?.err) throw new Error(`${signature} failed: ${JSON.stringify(status.err)}`)
    if (status) return signature
    await new Promise((resolve) => setTimeout(resolve, CONFIRM_POLL_MS))
  }
  throw new Error(`${signature} did not land within ${CONFIRM_TIMEOUT_MS} ms`)
}

/** Sends `lamports` from `from` to `to` and waits until it landed. */
export function sendSolanaTransfer(
  rpcUrl: string,
  from: SolanaKeypair,
  to: string,
  lamports: bigint,
): Promise<Signature> {
  return sendSolanaInstructions(rpcUrl, from, (signer) => [
    getTransferSolInstruction({ source: signer, destination: address(to), amount: lamports }),
  ])
}

/**
 * Sends `amount` base units of a token (default the devnet's lUSD, classic SPL Token program)
 * from `from`'s associated token account to `toOwner`'s, creating that one when missing.
 */
export function sendSolanaTokenTransfer(
  rpcUrl: string,
  from: SolanaKeypair,
  toOwner: string,
  amount: bigint,
  { mint = SOLANA_MINT_KEYPAIR.address, decimals = SOLANA_TOKEN_SPEC.decimals } = {},
): Promise<Signature> {
  return sendSolanaInstructions(rpcUrl, from, async (signer) => [
    await getCreateAssociatedTokenIdempotentInstructionAsync({
      payer: signer,
      owner: address(toOwner),
      mint: address(mint),
    }),
    getTransferCheckedInstruction({
      source: address(await associatedTokenAddress(from.address, mint)),
      mint: address(mint),
      destination: address(await associatedTokenAddress(toOwner, mint)),
      authority: signer,
      amount,
      decimals,
    }),
  ])
}
