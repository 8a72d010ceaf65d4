import { ProviderRpcError } from '@latchkey/core/internal'
import { isSignature, type Rpc, type SolanaRpcApi, signature as toSignature } from '@solana/kit'
import { type CommitmentLevel, commitmentLevel, reaches } from './commitment.ts'
import type { ConnectionMethods, SignatureStatus } from './connection.ts'
import { CONFIRMATION_POLL_MS, CONFIRMATION_TIMEOUT_MS, ProviderErrorCode } from './constants.ts'
import { SolanaErrorText } from './errors.ts'
import { withNumbers } from './numbers.ts'

type StatusMethods = Pick<
  ConnectionMethods,
  'getSignatureStatus' | 'getSignatureStatuses' | 'confirmTransaction'
>

function signatureOf(value: unknown, method: string) {
  if (typeof value !== 'string' || !isSignature(value)) {
    throw new ProviderRpcError(
      ProviderErrorCode.invalidParams,
      SolanaErrorText.invalidParams(method, 'a transaction signature (base58)'),
    )
  }
  return toSignature(value)
}

/** Waits `ms`, or less when the signal aborts. */
function pause(ms: number, signal: AbortSignal | undefined) {
  return new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms)
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer)
        resolve()
      },
      { once: true },
    )
  })
}

/** Signature statuses and confirmation, in web3.js's shapes and semantics. */
export function statusMethods(rpc: Rpc<SolanaRpcApi>, level: CommitmentLevel): StatusMethods {
  async function statuses(
    signatures: readonly unknown[],
    method: string,
    config?: { searchTransactionHistory?: boolean },
  ) {
    const ids = signatures.map((s) => signatureOf(s, method))
    const { context, value } = await rpc
      .getSignatureStatuses(ids, {
        searchTransactionHistory: config?.searchTransactionHistory === true,
      })
      .send()
    return {
      context: { slot: Number(context.slot) },
      value: value.map(
        (status): SignatureStatus | null =>
          status && {
            slot: Number(status.slot),
            confirmations: status.confirmations === null ? null : Number(status.confirmations),
            err: withNumbers(status.err),
            confirmationStatus: status.confirmationStatus ?? undefined,
          },
      ),
    }
  }

  return {
    getSignatureStatuses(signatures, config) {
      if (!Array.isArray(signatures)) {
        return Promise.reject(
          new ProviderRpcError(
            ProviderErrorCode.invalidParams,
            SolanaErrorText.invalidParams('getSignatureStatuses', 'an array of signatures'),
          ),
        )
      }
      return statuses(signatures, 'getSignatureStatuses', config)
    },

    async getSignatureStatus(signature, config) {
      const { context, value } = await statuses([signature], 'getSignatureStatus', config)
      return { context, value: value[0] ?? null }
    },

    async confirmTransaction(strategy, commitment) {
      const wanted = commitmentLevel(commitment) ?? level
      const byHeight = typeof strategy === 'object' && strategy ? strategy : undefined
      const signature = byHeight ? byHeight.signature : strategy
      signatureOf(signature, 'confirmTransaction')
      const { lastValidBlockHeight, abortSignal } = byHeight ?? {}
      if (byHeight && !Number.isSafeInteger(lastValidBlockHeight)) {
        throw new ProviderRpcError(
          ProviderErrorCode.invalidParams,
          SolanaErrorText.invalidParams('confirmTransaction', 'lastValidBlockHeight as a number'),
        )
      }
      const deadline = Date.now() + CONFIRMATION_TIMEOUT_MS
      for (;;) {
        abortSignal?.throwIfAborted()
        const { context, value } = await statuses([signature], 'confirmTransaction')
        const status = value[0]
        if (status && reaches(status.confirmationStatus, wanted)) {
          return { context, value: { err: status.err ?? null } }
        }
        if (lastValidBlockHeight !== undefined) {
          const height = await rpc.getBlockHeight({ commitment: wanted }).send()
          if (height > BigInt(lastValidBlockHeight)) {
            throw new Error(SolanaErrorText.blockHeightExceeded(String(signature)))
          }
        } else if (Date.now() + CONFIRMATION_POLL_MS > deadline) {
          throw new Error(SolanaErrorText.notConfirmed(String(signature)))
        }
        await pause(CONFIRMATION_POLL_MS, abortSignal)
      }
    },
  }
}
