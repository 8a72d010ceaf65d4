// Output scripts: Esplora's type names, regtest addresses both ways, Core's dust thresholds and
// standard templates, and the assembly text Esplora shows.
import { describe, expect, it } from 'vitest'
import { isPushOnly, opcodeName, scriptAsm } from './asm.ts'
import { hex } from './hashes.ts'
import {
  addressOfScript,
  dustThreshold,
  isStandardOutputScript,
  scriptOfAddress,
  scriptType,
  witnessProgram,
} from './script.ts'

const HASH20 = '751e76e8199196d454941c45d1b3a323f1433bd6'
const SCRIPTS = {
  p2pkh: `76a914${HASH20}88ac`,
  p2sh: `a914${HASH20}87`,
  v0_p2wpkh: `0014${HASH20}`,
  v0_p2wsh: `0020${'11'.repeat(32)}`,
  v1_p2tr: `5120${'22'.repeat(32)}`,
  p2pk: `21${'02'.repeat(33)}ac`,
  op_return: '6a0461626364',
}
const bytes = (text: string) => hex.decode(text)

describe('output scripts', () => {
  it('are typed as Esplora types them', () => {
    for (const [type, script] of Object.entries(SCRIPTS))
      expect(scriptType(bytes(script))).toBe(type)
    expect(scriptType(bytes(`41${'04'.repeat(65)}ac`))).toBe('p2pk')
    expect(scriptType(new Uint8Array())).toBe('empty')
    expect(scriptType(bytes(`5220${'22'.repeat(32)}`))).toBe('unknown')
    expect(scriptType(bytes(`76a914${HASH20}88ad`))).toBe('unknown')
    expect(scriptType(bytes(`a914${HASH20}88`))).toBe('unknown')
    expect(scriptType(bytes(`0015${HASH20}00`))).toBe('unknown')
  })

  it('read witness programs (a version op, then one push of 2 to 40 bytes)', () => {
    expect(witnessProgram(bytes(`5220${'22'.repeat(32)}`))?.version).toBe(2)
    expect(witnessProgram(bytes('60020001'))).toEqual({ version: 16, program: bytes('0001') })
    expect(witnessProgram(bytes('0001ff'))).toBeUndefined()
    expect(witnessProgram(bytes(`0029${'00'.repeat(41)}`))).toBeUndefined()
    expect(witnessProgram(bytes(`6114${HASH20}`))).toBeUndefined()
    expect(witnessProgram(bytes(`0015${HASH20}`))).toBeUndefined()
  })

  it('pay regtest addresses, and addresses parse back to their scripts', () => {
    const addresses = {
      v0_p2wpkh: 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080',
      p2pkh: 'mrCDrCybB6J1vRfbwM5hemdJz73FwDBC8r',
      p2sh: '2N3vVYSK5XRgVSGWy21PnsRmBUywSQNdCsf',
      v0_p2wsh: 'bcrt1qzyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zygs2ns5wu',
      v1_p2tr: 'bcrt1pyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3qnswg0v',
    } as const
    for (const [type, address] of Object.entries(addresses)) {
      const script = SCRIPTS[type as keyof typeof addresses]
      expect(addressOfScript(bytes(script))).toBe(address)
      expect(scriptOfAddress(address)).toEqual({ script: bytes(script) })
    }
    expect(addressOfScript(bytes(SCRIPTS.op_return))).toBeUndefined()
    expect(addressOfScript(bytes(SCRIPTS.p2pk))).toBeUndefined()
  })

  it('refuse mainnet and testnet bech32 addresses as another network, garbage as invalid', () => {
    for (const address of [
      'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
      'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx',
      '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2',
    ]) {
      expect(scriptOfAddress(address)).toEqual({ error: 'Address on invalid network' })
    }
    const garbage = scriptOfAddress('not-an-address')
    expect('error' in garbage && garbage.error).toMatch(/^Invalid address "not-an-address": /)
    expect('error' in scriptOfAddress('') && true).toBe(true)
  })

  it("have Core's dust thresholds at 3 sat/vB (546, 540, 294, 330, 330; OP_RETURN none)", () => {
    expect(dustThreshold(bytes(SCRIPTS.p2pkh))).toBe(546n)
    expect(dustThreshold(bytes(SCRIPTS.p2sh))).toBe(540n)
    expect(dustThreshold(bytes(SCRIPTS.v0_p2wpkh))).toBe(294n)
    expect(dustThreshold(bytes(SCRIPTS.v0_p2wsh))).toBe(330n)
    expect(dustThreshold(bytes(SCRIPTS.v1_p2tr))).toBe(330n)
    expect(dustThreshold(bytes(SCRIPTS.op_return))).toBe(0n)
    // A 253-byte script takes a 3-byte length: (8 + 3 + 253 + 148) * 3
    expect(dustThreshold(new Uint8Array(253).fill(0x51))).toBe(1236n)
  })

  it('are standard for the templates wallets pay and small OP_RETURNs of pushes', () => {
    for (const script of Object.values(SCRIPTS))
      expect(isStandardOutputScript(bytes(script))).toBe(true)
    expect(isStandardOutputScript(bytes(`5220${'22'.repeat(32)}`))).toBe(true)
    expect(isStandardOutputScript(bytes(`6a4c50${'00'.repeat(80)}`))).toBe(true)
    expect(isStandardOutputScript(bytes(`6a4c51${'00'.repeat(81)}`))).toBe(false)
    expect(isStandardOutputScript(bytes('6a76'))).toBe(false)
    expect(isStandardOutputScript(new Uint8Array())).toBe(false)
    expect(isStandardOutputScript(bytes('51'))).toBe(false)
    expect(isStandardOutputScript(bytes(`5121${'02'.repeat(33)}51ae`))).toBe(false)
  })
})

describe('script assembly', () => {
  it("writes scripts in rust-bitcoin's words, as Esplora shows them", () => {
    expect(scriptAsm(bytes(SCRIPTS.p2pkh))).toBe(
      `OP_DUP OP_HASH160 OP_PUSHBYTES_20 ${HASH20} OP_EQUALVERIFY OP_CHECKSIG`,
    )
    expect(scriptAsm(bytes(SCRIPTS.v0_p2wpkh))).toBe(`OP_0 OP_PUSHBYTES_20 ${HASH20}`)
    expect(scriptAsm(bytes(SCRIPTS.v1_p2tr))).toBe(
      `OP_PUSHNUM_1 OP_PUSHBYTES_32 ${'22'.repeat(32)}`,
    )
    expect(scriptAsm(bytes(SCRIPTS.p2sh))).toBe(`OP_HASH160 OP_PUSHBYTES_20 ${HASH20} OP_EQUAL`)
    expect(scriptAsm(bytes('6a4c0161'))).toBe('OP_RETURN OP_PUSHDATA1 61')
    expect(scriptAsm(bytes('4d0200abcd4e01000000ef'))).toBe('OP_PUSHDATA2 abcd OP_PUSHDATA4 ef')
    expect(scriptAsm(bytes('016500'))).toBe('OP_PUSHBYTES_1 65 OP_0')
    expect(scriptAsm(bytes('0201'))).toBe('<push past end>')
    expect(scriptAsm(bytes('4d01'))).toBe('<unexpected end>')
    expect(scriptAsm(new Uint8Array())).toBe('')
  })

  it('names every opcode', () => {
    const names: [number, string][] = [
      [0x4f, 'OP_PUSHNUM_NEG1'],
      [0x50, 'OP_RESERVED'],
      [0x60, 'OP_PUSHNUM_16'],
      [0x61, 'OP_NOP'],
      [0x6a, 'OP_RETURN'],
      [0x87, 'OP_EQUAL'],
      [0x9f, 'OP_LESSTHAN'],
      [0xa9, 'OP_HASH160'],
      [0xac, 'OP_CHECKSIG'],
      [0xaf, 'OP_CHECKMULTISIGVERIFY'],
      [0xb0, 'OP_NOP1'],
      [0xb1, 'OP_CLTV'],
      [0xb2, 'OP_CSV'],
      [0xb3, 'OP_NOP4'],
      [0xb9, 'OP_NOP10'],
      [0xba, 'OP_CHECKSIGADD'],
      [0xbb, 'OP_RETURN_187'],
      [0xfe, 'OP_RETURN_254'],
      [0xff, 'OP_INVALIDOPCODE'],
    ]
    for (const [op, name] of names) expect(opcodeName(op), op.toString(16)).toBe(name)
  })

  it('tells push-only scripts (pushes and OP_1NEGATE to OP_16) from others', () => {
    expect(isPushOnly(bytes('00014f5060'))).toBe(true)
    expect(isPushOnly(new Uint8Array())).toBe(true)
    expect(isPushOnly(bytes('0061'))).toBe(false)
    expect(isPushOnly(bytes('0201'))).toBe(false)
  })
})
