import { generateSecretKey } from '@latchkey/e2e/solanaWallet'
import {
  address,
  blockhash,
  decompileTransactionMessage,
  getBase58Decoder,
  getCompiledTransactionMessageDecoder,
  getTransactionDecoder,
} from '@solana/kit'
import { parseTransferSolInstruction, SYSTEM_PROGRAM_ADDRESS } from '@solana-program/system'
import {
  ASSOCIATED_TOKEN_PROGRAM_ADDRESS,
  findAssociatedTokenPda,
  parseCreateAssociatedTokenIdempotentInstruction,
  parseTransferCheckedInstruction,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token'
import { describe, expect, it } from 'vitest'
import { TOKEN_2022_PROGRAM_ADDRESS } from './constants.ts'
import { buildTransferTransaction } from './transfer.ts'

const key = () => getBase58Decoder().decode(generateSecretKey().slice(32))
const lifetime = {
  blockhash: blockhash('EtWTRABZaYq6iMfeYKouRu166VU2xqa1EtWTRABZaYq'),
  lastValidBlockHeight: 100n,
}

function decode(wire: Uint8Array) {
  const transaction = getTransactionDecoder().decode(wire)
  const compiled = getCompiledTransactionMessageDecoder().decode(transaction.messageBytes)
  return { transaction, message: decompileTransactionMessage(compiled) }
}

describe('§5 Send: the transfer transaction', () => {
  it('native: one System transfer, paid and signed by the sender only, unsigned yet', async () => {
    const from = key()
    const to = key()
    const wire = await buildTransferTransaction({ from, to, amount: 1_500_000_000n }, lifetime)
    const { transaction, message } = decode(wire)
    expect(Object.entries(transaction.signatures)).toEqual([[from, null]])
    expect(message.version).toBe('legacy')
    expect(message.feePayer.address).toBe(from)
    expect(message.lifetimeConstraint).toMatchObject({ blockhash: lifetime.blockhash })
    expect(message.instructions).toHaveLength(1)
    const [instruction] = message.instructions
    expect(instruction?.programAddress).toBe(SYSTEM_PROGRAM_ADDRESS)
    const parsed = parseTransferSolInstruction(instruction as never)
    expect(parsed.accounts.source.address).toBe(from)
    expect(parsed.accounts.destination.address).toBe(to)
    expect(parsed.data.amount).toBe(1_500_000_000n)
  })

  it("token: the receiver's ATA created when missing, then transferChecked from the sender's", async () => {
    const from = key()
    const to = key()
    const mint = key()
    const wire = await buildTransferTransaction(
      {
        from,
        to,
        amount: 2_500_000n,
        token: { mint, decimals: 6, program: TOKEN_PROGRAM_ADDRESS },
      },
      lifetime,
    )
    const { transaction, message } = decode(wire)
    expect(Object.keys(transaction.signatures)).toEqual([from])
    const [create, transfer] = message.instructions
    const [fromAta] = await findAssociatedTokenPda({
      owner: address(from),
      mint: address(mint),
      tokenProgram: TOKEN_PROGRAM_ADDRESS,
    })
    const [toAta] = await findAssociatedTokenPda({
      owner: address(to),
      mint: address(mint),
      tokenProgram: TOKEN_PROGRAM_ADDRESS,
    })

    expect(create?.programAddress).toBe(ASSOCIATED_TOKEN_PROGRAM_ADDRESS)
    const created = parseCreateAssociatedTokenIdempotentInstruction(create as never)
    expect(created.accounts.payer.address).toBe(from)
    expect(created.accounts.ata.address).toBe(toAta)
    expect(created.accounts.owner.address).toBe(to)
    expect(created.accounts.mint.address).toBe(mint)

    expect(transfer?.programAddress).toBe(TOKEN_PROGRAM_ADDRESS)
    const moved = parseTransferCheckedInstruction(transfer as never)
    expect(moved.accounts.source.address).toBe(fromAta)
    expect(moved.accounts.destination.address).toBe(toAta)
    expect(moved.accounts.authority.address).toBe(from)
    expect(moved.data).toMatchObject({ amount: 2_500_000n, decimals: 6 })
  })

  it('token on Token-2022: both instructions name that program', async () => {
    const wire = await buildTransferTransaction(
      {
        from: key(),
        to: key(),
        amount: 1n,
        token: { mint: key(), decimals: 9, program: TOKEN_2022_PROGRAM_ADDRESS },
      },
      lifetime,
    )
    const [create, transfer] = decode(wire).message.instructions
    expect(transfer?.programAddress).toBe(TOKEN_2022_PROGRAM_ADDRESS)
    const created = parseCreateAssociatedTokenIdempotentInstruction(create as never)
    expect(created.accounts.tokenProgram.address).toBe(TOKEN_2022_PROGRAM_ADDRESS)
  })
})
