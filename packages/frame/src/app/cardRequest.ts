// What the frame's own cards (passkeyCard.ts, exportCard.ts) share: a request that an abort
// takes down (ApprovalAborted) and that, however it ends, hides the card first.
import { ApprovalAborted } from './approval.ts'

export interface CardRequest<T> {
  /** Hides the card, stops listening for the abort, then ends the request by `end` */
  settle(end: () => void): void
  resolve(value: T): void
  reject(reason: unknown): void
}

export function cardRequest<T>(
  signal: AbortSignal,
  hide: () => void,
  open: (request: CardRequest<T>) => void,
): Promise<T> {
  if (signal.aborted) return Promise.reject(new ApprovalAborted('Request was aborted'))
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => {
      hide()
      reject(new ApprovalAborted('Request was aborted'))
    }
    signal.addEventListener('abort', onAbort, { once: true })
    open({
      settle(end) {
        signal.removeEventListener('abort', onAbort)
        hide()
        end()
      },
      resolve,
      reject,
    })
  })
}
