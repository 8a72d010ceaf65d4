// The frame's answers to EIP-5792's reads, checked as they cross from the frame (README "Smart
// accounts"): a status must be one of §4's codes, capabilities only §9's names. A frame of
// another version cannot hand the app a status or a capability this release does not know.
import { CAPABILITY_NAMES, SEND_CALLS_STATUS } from '../constants/calls.ts'

const STATUS_CODES = new Set<number>(Object.values(SEND_CALLS_STATUS))
const CAPABILITIES = new Set<string>(CAPABILITY_NAMES)

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** wallet_getCallsStatus's answer when its status is one of §4's codes; undefined otherwise */
export function checkedCallsStatus(answer: unknown): Record<string, unknown> | undefined {
  if (!isRecord(answer) || typeof answer.status !== 'number') return undefined
  return STATUS_CODES.has(answer.status) ? answer : undefined
}

/** wallet_getCapabilities's answer per chain, keeping only §9's capability names */
export function knownCapabilities(answer: unknown): Record<string, Record<string, unknown>> {
  if (!isRecord(answer)) return {}
  const chains: Record<string, Record<string, unknown>> = {}
  for (const [chain, capabilities] of Object.entries(answer)) {
    if (!/^0x[0-9a-f]+$/i.test(chain) || !isRecord(capabilities)) continue
    chains[chain] = Object.fromEntries(
      Object.entries(capabilities).filter(([name]) => CAPABILITIES.has(name)),
    )
  }
  return chains
}
