// Time locks against a made-up chain clock: nLockTime by height and by time, and BIP68 relative
// locks by blocks and by 512-second units.
import { describe, expect, it } from 'vitest'
import {
  SEQUENCE_FINAL,
  SEQUENCE_LOCKTIME_DISABLE_FLAG,
  SEQUENCE_LOCKTIME_TYPE_FLAG,
} from './constants.ts'
import { type ChainClock, isFinalTx, meetsSequenceLocks } from './finality.ts'
import type { DecodedTx } from './rawtx.ts'

/** A chain whose next block is 200 and whose block n has median time past 1,000,000 + 100n */
const clock: ChainClock = { nextHeight: 200, medianTimePast: (height) => 1_000_000 + 100 * height }
const TIP_MTP = 1_000_000 + 100 * 199

function tx(lockTime: number, sequences: number[], version = 2): DecodedTx {
  return {
    version,
    lockTime,
    inputs: sequences.map((sequence) => ({ sequence })),
  } as unknown as DecodedTx
}

describe('nLockTime', () => {
  it('is final at 0, below the next height, or with every sequence final', () => {
    expect(isFinalTx(tx(0, [0]), clock)).toBe(true)
    expect(isFinalTx(tx(199, [0]), clock)).toBe(true)
    expect(isFinalTx(tx(200, [0]), clock)).toBe(false)
    expect(isFinalTx(tx(200, [SEQUENCE_FINAL, SEQUENCE_FINAL]), clock)).toBe(true)
    expect(isFinalTx(tx(200, [SEQUENCE_FINAL, 0xfffffffe]), clock)).toBe(false)
  })

  it("from 500,000,000 on is a time, compared with the tip's median time past", () => {
    const late = 600_000_000
    const timeClock = { ...clock, medianTimePast: () => late }
    expect(isFinalTx(tx(late - 1, [0]), timeClock)).toBe(true)
    expect(isFinalTx(tx(late, [0]), timeClock)).toBe(false)
    expect(isFinalTx(tx(500_000_000, [0]), clock)).toBe(false)
  })
})

describe('BIP68 relative locks', () => {
  it('wait the coin height plus N - 1 below the next height', () => {
    expect(meetsSequenceLocks(tx(0, [5]), [195], clock)).toBe(true)
    expect(meetsSequenceLocks(tx(0, [5]), [196], clock)).toBe(false)
    expect(meetsSequenceLocks(tx(0, [0]), [200], clock)).toBe(true)
    expect(meetsSequenceLocks(tx(0, [1]), [200], clock)).toBe(false)
    // The strictest input decides.
    expect(meetsSequenceLocks(tx(0, [1, 5]), [100, 196], clock)).toBe(false)
  })

  it('by time, wait N * 512 s past the median time before the coin', () => {
    const coinHeight = 150
    const coinTime = 1_000_000 + 100 * (coinHeight - 1)
    const units = Math.floor((TIP_MTP - coinTime) / 512)
    const sequence = (n: number) => SEQUENCE_LOCKTIME_TYPE_FLAG | n
    expect(meetsSequenceLocks(tx(0, [sequence(units)]), [coinHeight], clock)).toBe(
      coinTime + units * 512 - 1 < TIP_MTP,
    )
    expect(meetsSequenceLocks(tx(0, [sequence(units + 1)]), [coinHeight], clock)).toBe(false)
    expect(meetsSequenceLocks(tx(0, [sequence(1)]), [coinHeight], clock)).toBe(true)
  })

  it('do not apply below version 2 or with the disable flag', () => {
    expect(meetsSequenceLocks(tx(0, [100], 1), [199], clock)).toBe(true)
    expect(meetsSequenceLocks(tx(0, [SEQUENCE_LOCKTIME_DISABLE_FLAG | 100]), [199], clock)).toBe(
      true,
    )
    expect(meetsSequenceLocks(tx(0, [0xfffffffd]), [199], clock)).toBe(true)
  })
})
