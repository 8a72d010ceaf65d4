// What a failed request is answered with: its error as the host may see it (§8), and the work
// a request abort ends.

import { FrameError } from '../frameError.ts'
import { REQUEST_ABORTED } from '../protocol/rpcRules.ts'
import { ApiError } from './apiError.ts'
import { ApprovalAborted } from './approval.ts'
import { SOMETHING_WENT_WRONG } from './errors.ts'
import { KeyError } from './keys.ts'
import type { Logger } from './logger.ts'
import { NotConnectedError } from './wallet.ts'

/** The longest error text a reply carries */
export const MAX_ERROR = 1024

/** The text (at most MAX_ERROR characters) and code an error is answered with. */
export function describeError(error: unknown, log: Logger): { message: string; code?: number } {
  const { message, code } = describeFully(error, log)
  return { message: message.slice(0, MAX_ERROR), ...(code !== undefined && { code }) }
}

function describeFully(error: unknown, log: Logger): { message: string; code?: number } {
  if (error instanceof ApprovalAborted) return { message: REQUEST_ABORTED }
  if (error instanceof FrameError) {
    return { message: error.message, code: error.code }
  }
  if (error instanceof ApiError || error instanceof NotConnectedError) {
    return { message: error.message }
  }
  if (error instanceof KeyError) return { message: error.message }
  // viem's errors carry a one-line shortMessage (and the node's code) fit for the page.
  if (error instanceof Error && 'shortMessage' in error && typeof error.shortMessage === 'string') {
    const code = 'code' in error && typeof error.code === 'number' ? error.code : undefined
    log.warn('request failed', error)
    return { message: error.shortMessage, code }
  }
  log.error('unexpected failure', error)
  return { message: SOMETHING_WENT_WRONG }
}

export function abortable<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new FrameError(REQUEST_ABORTED))
    if (signal.aborted) return onAbort()
    signal.addEventListener('abort', onAbort)
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort))
  })
}
