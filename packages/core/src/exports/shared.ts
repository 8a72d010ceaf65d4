// The rules both the browser and the services follow: texts, limits, CAIP formats, error codes,
// amounts in base units, the SIWX message. Pure modules, safe to load in Node. Not public API (see docs/packages.md).

export * from '../base58.ts'
export * from '../caip.ts'
export * from '../constants.ts'
export * from '../email.ts'
export * from '../errors.ts'
export * from '../features.ts'
export * from '../sendAmount.ts'
export * from '../siwxMessage.ts'
