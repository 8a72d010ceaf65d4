// Following a purchase while the provider's checkout is open: the sandbox's order, or, for a
// hosted checkout that reports no order, the wallet's balance of the asset bought.
import type { OnrampApi, OnrampOrder } from '../api/onramp.ts'
import { ONRAMP_BALANCE_POLL_MS, ONRAMP_POLL_MS } from '../constants/onramp.ts'
import type { CheckoutWindow } from './onrampContext.ts'

export interface Following {
  stop(): void
}

/** Calls `step` every `ms` until it returns true or the following is stopped */
function every(ms: number, step: () => Promise<boolean>): Following {
  let timer: ReturnType<typeof setTimeout> | undefined
  let stopped = false
  const next = () => {
    timer = setTimeout(async () => {
      if (!(await step()) && !stopped) next()
    }, ms)
  }
  next()
  return {
    stop() {
      stopped = true
      clearTimeout(timer)
    },
  }
}

/**
 * Reads the order until it ends; `onOrder` answers true when it ended. A window closed before
 * paying is told once the order is still unpaid after it closed.
 */
export function followOrder(
  api: OnrampApi,
  id: string,
  popup: CheckoutWindow,
  on: { order(order: OnrampOrder, closedBefore: boolean): boolean; error(error: unknown): void },
): Following {
  return every(ONRAMP_POLL_MS, async () => {
    const closed = popup.closed
    try {
      return on.order(await api.order(id), closed)
    } catch (error) {
      on.error(error)
      return false
    }
  })
}

/**
 * Reads the balance until it rose above `before`: `arrived` gets the rise. A closed window does
 * not end the wait (a provider may send after its page is gone); `closed` is told once.
 */
export function followBalance(
  read: () => Promise<bigint>,
  before: bigint,
  popup: CheckoutWindow,
  on: { arrived(rise: bigint): void; closed(): void; error(error: unknown): void },
): Following {
  let toldClosed = false
  return every(ONRAMP_BALANCE_POLL_MS, async () => {
    const closed = popup.closed
    try {
      const now = await read()
      if (now > before) {
        on.arrived(now - before)
        return true
      }
    } catch (error) {
      on.error(error)
    }
    if (closed && !toldClosed) {
      toldClosed = true
      on.closed()
    }
    return false
  })
}
