// Whether a transaction may enter the next block by its time locks: nLockTime (Core's
// IsFinalTx) and BIP68 relative locks on version-2+ transactions (Core's SequenceLocks), both
// as the mempool checks them, against the block after the tip.
import {
  LOCKTIME_THRESHOLD,
  SEQUENCE_FINAL,
  SEQUENCE_LOCKTIME_DISABLE_FLAG,
  SEQUENCE_LOCKTIME_GRANULARITY,
  SEQUENCE_LOCKTIME_MASK,
  SEQUENCE_LOCKTIME_TYPE_FLAG,
} from './constants.ts'
import type { DecodedTx } from './rawtx.ts'

export interface ChainClock {
  /** Height of the block the transaction would be mined in (tip + 1) */
  nextHeight: number
  /** Median time past at height `height` (the tip's for the mempool) */
  medianTimePast(height: number): number
}

export function isFinalTx(tx: DecodedTx, clock: ChainClock): boolean {
  if (tx.lockTime === 0) return true
  const limit =
    tx.lockTime < LOCKTIME_THRESHOLD ? clock.nextHeight : clock.medianTimePast(clock.nextHeight - 1)
  if (tx.lockTime < limit) return true
  return tx.inputs.every((input) => input.sequence === SEQUENCE_FINAL)
}

/**
 * BIP68: each input whose sequence enables it waits its coin's height plus N blocks, or its
 * coin's block's predecessor's median time plus N*512 s. `coinHeights[i]` is the height of the
 * block holding input i's coin (nextHeight for one still in the mempool).
 */
export function meetsSequenceLocks(
  tx: DecodedTx,
  coinHeights: readonly number[],
  clock: ChainClock,
): boolean {
  if (tx.version < 2) return true
  let minHeight = -1
  let minTime = -1
  tx.inputs.forEach((input, index) => {
    if (input.sequence & SEQUENCE_LOCKTIME_DISABLE_FLAG) return
    const coinHeight = coinHeights[index] as number
    const value = input.sequence & SEQUENCE_LOCKTIME_MASK
    if (input.sequence & SEQUENCE_LOCKTIME_TYPE_FLAG) {
      const coinTime = clock.medianTimePast(Math.max(coinHeight - 1, 0))
      minTime = Math.max(minTime, coinTime + (value << SEQUENCE_LOCKTIME_GRANULARITY) - 1)
    } else {
      minHeight = Math.max(minHeight, coinHeight + value - 1)
    }
  })
  return minHeight < clock.nextHeight && minTime < clock.medianTimePast(clock.nextHeight - 1)
}
