// Block headers: the 80-byte serialization, its double-SHA256 hash, the compact target, proof of
// work, and the merkle root of a block's transaction ids.
import { BLOCK_VERSION, REGTEST_BITS } from './constants.ts'
import { displayHex, internalBytes, sha256d } from './hashes.ts'

export interface BlockHeader {
  version: number
  /** Shown byte order; all zeros for the genesis block */
  prevHash: string
  /** Shown byte order */
  merkleRoot: string
  time: number
  bits: number
  nonce: number
}

export const HEADER_BYTES = 80

export function encodeHeader(header: BlockHeader): Uint8Array {
  const bytes = new Uint8Array(HEADER_BYTES)
  const view = new DataView(bytes.buffer)
  view.setInt32(0, header.version, true)
  bytes.set(internalBytes(header.prevHash), 4)
  bytes.set(internalBytes(header.merkleRoot), 36)
  view.setUint32(68, header.time, true)
  view.setUint32(72, header.bits, true)
  view.setUint32(76, header.nonce, true)
  return bytes
}

export function decodeHeader(bytes: Uint8Array): BlockHeader {
  if (bytes.length !== HEADER_BYTES) throw new Error(`a header has 80 bytes, got ${bytes.length}`)
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  return {
    version: view.getInt32(0, true),
    prevHash: displayHex(bytes.subarray(4, 36)),
    merkleRoot: displayHex(bytes.subarray(36, 68)),
    time: view.getUint32(68, true),
    bits: view.getUint32(72, true),
    nonce: view.getUint32(76, true),
  }
}

export function headerHash(header: BlockHeader): string {
  return displayHex(sha256d(encodeHeader(header)))
}

/** The target a compact `bits` stands for (nBits: a 3-byte mantissa times 256^(exponent-3)) */
export function targetOfBits(bits: number): bigint {
  const exponent = bits >>> 24
  const mantissa = BigInt(bits & 0x007fffff)
  return exponent <= 3
    ? mantissa >> BigInt(8 * (3 - exponent))
    : mantissa << BigInt(8 * (exponent - 3))
}

/** Whether the header's hash, read as a little-endian number, is at most its target */
export function meetsTarget(header: BlockHeader): boolean {
  return BigInt(`0x${headerHash(header)}`) <= targetOfBits(header.bits)
}

/** Core's GetDifficulty: the genesis target of mainnet (bits 0x1d00ffff) over this one */
export function difficultyOfBits(bits: number): number {
  let shift = (bits >>> 24) & 0xff
  let difficulty = 0x0000ffff / (bits & 0x00ffffff)
  for (; shift < 29; shift++) difficulty *= 256
  for (; shift > 29; shift--) difficulty /= 256
  return difficulty
}

/** Finds a nonce that meets the target, counting up from 0 (a few tries at regtest's) */
export function solveHeader(fields: Omit<BlockHeader, 'nonce' | 'bits' | 'version'>): BlockHeader {
  const header: BlockHeader = { version: BLOCK_VERSION, bits: REGTEST_BITS, nonce: 0, ...fields }
  while (!meetsTarget(header)) {
    if (header.nonce === 0xffffffff) throw new Error('no nonce meets the target')
    header.nonce += 1
  }
  return header
}

/** The merkle root of ids given in shown byte order (an odd level repeats its last hash) */
export function merkleRoot(ids: readonly string[]): string {
  if (ids.length === 0) throw new Error('a merkle root needs at least one id')
  let level = ids.map(internalBytes)
  while (level.length > 1) {
    const next: Uint8Array[] = []
    for (let index = 0; index < level.length; index += 2) {
      const left = level[index] as Uint8Array
      next.push(sha256d(left, level[index + 1] ?? left))
    }
    level = next
  }
  return displayHex(level[0] as Uint8Array)
}
