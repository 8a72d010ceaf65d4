// requestAirdrop's transaction: a real SOL transfer from the faucet, signed with its key.
import {
  appendTransactionMessageInstruction,
  type Blockhash,
  compileTransaction,
  createNoopSigner,
  createTransactionMessage,
  getTransactionEncoder,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  address as toAddress,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import { type SolanaKeypair, signWithSecretKey } from './keys.ts'

/** The faucet's transfer of `lamports` to `to`, signed, in wire format. */
export function transferWire(
  faucet: SolanaKeypair,
  to: string,
  lamports: bigint,
  lifetime: { blockhash: string; lastValidBlockHeight: bigint },
): Uint8Array {
  const message = pipe(
    createTransactionMessage({ version: 'legacy' }),
    (m) => setTransactionMessageFeePayer(toAddress(faucet.address), m),
    (m) =>
      setTransactionMessageLifetimeUsingBlockhash(
        {
          blockhash: lifetime.blockhash as Blockhash,
          lastValidBlockHeight: lifetime.lastValidBlockHeight,
        },
        m,
      ),
    (m) =>
      appendTransactionMessageInstruction(
        getTransferSolInstruction({
          source: createNoopSigner(toAddress(faucet.address)),
          destination: toAddress(to),
          amount: lamports,
        }),
        m,
      ),
  )
  const unsigned = compileTransaction(message)
  const signature = signWithSecretKey(faucet.secretKey, new Uint8Array(unsigned.messageBytes))
  const signed = {
    ...unsigned,
    signatures: { [faucet.address]: signature },
  } as unknown as typeof unsigned
  return new Uint8Array(getTransactionEncoder().encode(signed))
}
