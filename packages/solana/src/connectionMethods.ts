import { ProviderRpcError } from '@latchkey/core/internal'
// What useAppKitConnection's connection does, on @solana/kit's RPC. Loaded on its first call.
import { createSolanaRpc, getBase64Encoder, type Lamports } from '@solana/kit'
import { asBytes } from './bytes.ts'
import { type Commitment, commitmentLevel } from './commitment.ts'
import type {
  CommitmentInput,
  ConnectionMethods,
  ParsedAccountData,
  SolanaAccountInfo,
} from './connection.ts'
import { statusMethods } from './connectionStatus.ts'
import { ProviderErrorCode } from './constants.ts'
import { SolanaErrorText } from './errors.ts'
import { withNumbers } from './numbers.ts'
import { addressOf, toPublicKey } from './publicKey.ts'
import { sendWireTransaction } from './send.ts'

interface KitAccount<Data> {
  executable: boolean
  owner: string
  lamports: Lamports
  data: Data
}

function invalid(method: string, expected: string): never {
  throw new ProviderRpcError(
    ProviderErrorCode.invalidParams,
    SolanaErrorText.invalidParams(method, expected),
  )
}

/** web3.js's account shape: numbers for lamports and rent epoch, the owner as a key. */
function accountInfo<Data>(account: KitAccount<unknown>, data: Data): SolanaAccountInfo<Data> {
  // Nodes still send rentEpoch, though kit's types no longer name it.
  const { rentEpoch } = account as { rentEpoch?: bigint }
  return {
    executable: account.executable,
    owner: toPublicKey(account.owner),
    lamports: Number(account.lamports),
    data,
    ...(rentEpoch !== undefined && { rentEpoch: Number(rentEpoch) }),
  }
}

function wireBytes(raw: unknown): Uint8Array {
  const bytes = asBytes(raw)
  if (bytes) return bytes
  if (Array.isArray(raw) && raw.every((b) => Number.isInteger(b) && b >= 0 && b <= 255)) {
    return Uint8Array.from(raw)
  }
  return invalid('sendRawTransaction', 'a signed wire transaction as a Uint8Array')
}

export function connectionMethods(endpoint: string, commitment: Commitment): ConnectionMethods {
  const rpc = createSolanaRpc(endpoint)
  const level = commitmentLevel(commitment) ?? 'confirmed'

  /** web3.js takes a commitment or `{ commitment, minContextSlot }`; kit, the latter. */
  function config(input: CommitmentInput | undefined) {
    const given = typeof input === 'object' && input ? input : { commitment: input }
    const minContextSlot = given.minContextSlot
    return {
      commitment: commitmentLevel(given.commitment) ?? level,
      ...(Number.isSafeInteger(minContextSlot) && { minContextSlot: BigInt(minContextSlot ?? 0) }),
    }
  }

  return {
    async getBalance(publicKey, commitment) {
      const owner = addressOf(publicKey, 'getBalance')
      const { value } = await rpc.getBalance(owner, config(commitment)).send()
      return Number(value)
    },

    async getLatestBlockhash(commitment) {
      const { value } = await rpc.getLatestBlockhash(config(commitment)).send()
      return {
        blockhash: value.blockhash,
        lastValidBlockHeight: Number(value.lastValidBlockHeight),
      }
    },

    async getAccountInfo(publicKey, commitment) {
      const account = addressOf(publicKey, 'getAccountInfo')
      const { value } = await rpc
        .getAccountInfo(account, { ...config(commitment), encoding: 'base64' })
        .send()
      if (!value) return null
      return accountInfo(value, new Uint8Array(getBase64Encoder().encode(value.data[0])))
    },

    async getParsedTokenAccountsByOwner(ownerKey, filter, commitment) {
      const method = 'getParsedTokenAccountsByOwner'
      const owner = addressOf(ownerKey, method, 'the owner')
      const given = (filter ?? {}) as Record<string, unknown>
      const byMint = 'mint' in given
      if (!byMint && !('programId' in given)) invalid(method, 'a filter { mint } or { programId }')
      const accounts = byMint
        ? { mint: addressOf(given.mint, method, 'filter.mint') }
        : { programId: addressOf(given.programId, method, 'filter.programId') }
      const { context, value } = await rpc
        .getTokenAccountsByOwner(owner, accounts, { ...config(commitment), encoding: 'jsonParsed' })
        .send()
      return {
        context: { slot: Number(context.slot) },
        value: value.map(({ pubkey, account }) => ({
          pubkey: toPublicKey(pubkey),
          account: accountInfo<ParsedAccountData>(account, {
            program: account.data.program,
            parsed: withNumbers(account.data.parsed) as ParsedAccountData['parsed'],
            space: Number(account.data.space),
          }),
        })),
      }
    },

    async sendRawTransaction(rawTransaction, options) {
      return sendWireTransaction(rpc, wireBytes(rawTransaction), options)
    },

    ...statusMethods(rpc, level),
  }
}
