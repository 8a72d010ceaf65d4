// The rules both the browser and the services follow: texts, limits, CAIP formats, error codes,
// amounts in base units, the SIWX message. Pure modules, safe to load in Node. Not public API (see docs/packages.md).

export * from '../api/features.ts'
export type { NameRecord } from '../api/names.ts'
export * from '../base58.ts'
export * from '../caip.ts'
export * from '../constants/calls.ts'
export * from '../constants/names.ts'
export * from '../constants/onramp.ts'
export * from '../constants/swap.ts'
export * from '../constants.ts'
export * from '../embedded/email.ts'
export * from '../errors.ts'
export * from '../send/sendAmount.ts'
export * from '../siwx/siwxMessage.ts'
