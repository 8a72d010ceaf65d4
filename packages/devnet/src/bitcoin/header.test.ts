// Headers against known blocks: Bitcoin's mainnet genesis and regtest's, their merkle roots,
// targets and proof of work.
import { describe, expect, it } from 'vitest'
import { genesisCoinbase } from './coinbase.ts'
import { BLOCK_VERSION, REGTEST_BITS } from './constants.ts'
import { displayHex, internalBytes, sha256d } from './hashes.ts'
import {
  type BlockHeader,
  decodeHeader,
  difficultyOfBits,
  encodeHeader,
  headerHash,
  meetsTarget,
  merkleRoot,
  solveHeader,
  targetOfBits,
} from './header.ts'

const GENESIS_MERKLE_ROOT = '4a5e1e4baab89f3a32518a88c31bc87f618f76673e2cc77ab2127b7afdeda33b'
const MAINNET_GENESIS: BlockHeader = {
  version: 1,
  prevHash: '0'.repeat(64),
  merkleRoot: GENESIS_MERKLE_ROOT,
  time: 1_231_006_505,
  bits: 0x1d00ffff,
  nonce: 2_083_236_893,
}

describe('block headers', () => {
  it("hash mainnet's and regtest's genesis blocks to their known hashes", () => {
    expect(genesisCoinbase().txid).toBe(GENESIS_MERKLE_ROOT)
    expect(merkleRoot([GENESIS_MERKLE_ROOT])).toBe(GENESIS_MERKLE_ROOT)
    expect(headerHash(MAINNET_GENESIS)).toBe(
      '000000000019d6689c085ae165831e934ff763ae46a2a6c172b3f1b60a8ce26f',
    )
    const regtest = { ...MAINNET_GENESIS, time: 1_296_688_602, bits: REGTEST_BITS, nonce: 2 }
    expect(headerHash(regtest)).toBe(
      '0f9188f13cb7b2c71f2a335e3a4fc328bf5beb436012afca590b1a11466e2206',
    )
    expect(meetsTarget(MAINNET_GENESIS)).toBe(true)
    expect(meetsTarget(regtest)).toBe(true)
  })

  it('serialize to 80 bytes, little-endian fields and internal-order hashes, and back', () => {
    const bytes = encodeHeader(MAINNET_GENESIS)
    expect(bytes).toHaveLength(80)
    expect(Array.from(bytes.subarray(0, 4))).toEqual([1, 0, 0, 0])
    expect(displayHex(bytes.subarray(36, 68))).toBe(GENESIS_MERKLE_ROOT)
    expect(Array.from(bytes.subarray(72, 76))).toEqual([0xff, 0xff, 0x00, 0x1d])
    expect(decodeHeader(bytes)).toEqual(MAINNET_GENESIS)
    expect(() => decodeHeader(bytes.subarray(1))).toThrow('a header has 80 bytes, got 79')
  })

  it('expand compact bits into targets and difficulties', () => {
    expect(targetOfBits(0x1d00ffff)).toBe(0xffffn << 208n)
    expect(targetOfBits(REGTEST_BITS)).toBe(0x7fffffn << 232n)
    expect(targetOfBits(0x03123456)).toBe(0x123456n)
    expect(targetOfBits(0x02123456)).toBe(0x1234n)
    expect(difficultyOfBits(0x1d00ffff)).toBe(1)
    // Every regtest block's difficulty: Core's getblock prints it to 16 digits, 4.656542373906925e-10.
    expect(difficultyOfBits(REGTEST_BITS)).toBe(4.6565423739069247e-10)
    expect(difficultyOfBits(REGTEST_BITS).toPrecision(16)).toBe('4.656542373906925e-10')
  })

  it('refuse a hash above the target', () => {
    const wrongNonce = { ...MAINNET_GENESIS, nonce: MAINNET_GENESIS.nonce + 1 }
    expect(meetsTarget(wrongNonce)).toBe(false)
    // The same header passes at regtest's easy target only if its hash is in the lower half.
    const easy = { ...wrongNonce, bits: REGTEST_BITS }
    expect(meetsTarget(easy)).toBe(BigInt(`0x${headerHash(easy)}`) <= 0x7fffffn << 232n)
  })

  it('solve a header with the lowest nonce that meets the target', () => {
    const fields = { prevHash: 'ab'.repeat(32), merkleRoot: 'cd'.repeat(32), time: 1_700_000_000 }
    const header = solveHeader(fields)
    expect(header).toMatchObject({ ...fields, version: BLOCK_VERSION, bits: REGTEST_BITS })
    expect(meetsTarget(header)).toBe(true)
    for (let nonce = 0; nonce < header.nonce; nonce++) {
      expect(meetsTarget({ ...header, nonce })).toBe(false)
    }
  })

  it('build merkle roots by pairing double-SHA256, repeating an odd last hash', () => {
    const ids = ['11', '22', '33'].map((byte) => byte.repeat(32))
    const [a, b, c] = ids.map(internalBytes) as [Uint8Array, Uint8Array, Uint8Array]
    const expected = sha256d(sha256d(a, b), sha256d(c, c))
    expect(merkleRoot(ids)).toBe(displayHex(expected))
    expect(merkleRoot(ids.slice(0, 2))).toBe(displayHex(sha256d(a, b)))
    expect(() => merkleRoot([])).toThrow('at least one id')
  })
})
