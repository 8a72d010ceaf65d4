import { COMMITMENT_LEVELS, DEPRECATED_COMMITMENTS } from './constants.ts'

/** A commitment level as @solana/web3.js names it (its deprecated names included). */
export type Commitment = (typeof COMMITMENT_LEVELS)[number] | keyof typeof DEPRECATED_COMMITMENTS

/** A level the RPC still takes. */
export type CommitmentLevel = (typeof COMMITMENT_LEVELS)[number]

/** @solana/web3.js's `SendOptions`: how a signed transaction is submitted. */
export interface SolanaSendOptions {
  skipPreflight?: boolean
  preflightCommitment?: Commitment
  maxRetries?: number
  minContextSlot?: number
}

/** A level the RPC takes: deprecated names mapped, anything unknown dropped (the RPC's default). */
export function commitmentLevel(commitment: unknown): CommitmentLevel | undefined {
  if ((COMMITMENT_LEVELS as readonly unknown[]).includes(commitment)) {
    return commitment as CommitmentLevel
  }
  if (typeof commitment !== 'string' || !Object.hasOwn(DEPRECATED_COMMITMENTS, commitment)) {
    return undefined
  }
  return DEPRECATED_COMMITMENTS[commitment as keyof typeof DEPRECATED_COMMITMENTS]
}

/** Whether a transaction's status has reached the wanted level. */
export function reaches(status: CommitmentLevel | null | undefined, wanted: CommitmentLevel) {
  return status != null && COMMITMENT_LEVELS.indexOf(status) >= COMMITMENT_LEVELS.indexOf(wanted)
}
