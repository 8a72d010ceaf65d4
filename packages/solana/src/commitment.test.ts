import { describe, expect, it } from 'vitest'
import { commitmentLevel, reaches } from './commitment.ts'

describe('commitment levels', () => {
  it("map web3.js's deprecated names onto the three the RPC takes", () => {
    expect(['recent', 'single', 'singleGossip', 'root', 'max'].map(commitmentLevel)).toEqual([
      'processed',
      'confirmed',
      'confirmed',
      'finalized',
      'finalized',
    ])
    expect(commitmentLevel('confirmed')).toBe('confirmed')
    // Unknown: left to the RPC's default, never an inherited property.
    expect([undefined, 'toString', 'soon', 3].map(commitmentLevel)).toEqual(
      Array(4).fill(undefined),
    )
  })

  it('order them: finalized reaches confirmed, processed does not', () => {
    expect(reaches('finalized', 'confirmed')).toBe(true)
    expect(reaches('confirmed', 'confirmed')).toBe(true)
    expect(reaches('processed', 'confirmed')).toBe(false)
    expect(reaches(null, 'processed')).toBe(false)
  })
})
