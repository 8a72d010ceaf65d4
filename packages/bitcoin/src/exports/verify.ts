export type { AddressParams } from '../addressing.ts'
export { verifyBitcoinMessage } from '../messageSignature.ts'
