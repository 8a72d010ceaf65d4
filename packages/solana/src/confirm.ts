import { type Rpc, type SolanaRpcApi, signature as toSignature } from '@solana/kit'
import { CONFIRMATION_POLL_MS, CONFIRMATION_TIMEOUT_MS } from './constants.ts'
import { SolanaErrorText } from './errors.ts'

export interface ConfirmOptions {
  timeoutMs?: number
  pollMs?: number
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Polls getSignatureStatuses until the transaction is confirmed (or finalized); rejects when it
 * failed on chain or is still unconfirmed after the timeout (§5 Send, 30 s).
 */
export async function waitForConfirmation(
  rpc: Rpc<SolanaRpcApi>,
  signature: string,
  { timeoutMs = CONFIRMATION_TIMEOUT_MS, pollMs = CONFIRMATION_POLL_MS }: ConfirmOptions = {},
): Promise<void> {
  const deadline = Date.now() + timeoutMs
  const id = toSignature(signature)
  for (;;) {
    const { value } = await rpc.getSignatureStatuses([id]).send()
    const status = value[0]
    if (status?.err) throw new Error(SolanaErrorText.transactionFailed(signature, status.err))
    if (status?.confirmationStatus === 'confirmed' || status?.confirmationStatus === 'finalized') {
      return
    }
    if (Date.now() + pollMs > deadline) throw new Error(SolanaErrorText.notConfirmed(signature))
    await sleep(pollMs)
  }
}
