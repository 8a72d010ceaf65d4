// Scripts read op by op, and written as the assembly text Esplora shows (scriptpubkey_asm,
// scriptsig_asm): rust-bitcoin's opcode names, pushes as OP_PUSHBYTES_<n> then their hex.
import { hex } from './hashes.ts'

export type ScriptOp = { op: number; data?: Uint8Array } | { truncated: 'length' | 'data' }

const OP_PUSHDATA1 = 0x4c
const OP_PUSHDATA2 = 0x4d
const OP_PUSHDATA4 = 0x4e

/** The ops of a script; a push running past the end stops it with a `truncated` op */
export function* scriptOps(script: Uint8Array): Generator<ScriptOp> {
  const view = new DataView(script.buffer, script.byteOffset, script.byteLength)
  let at = 0
  while (at < script.length) {
    const op = script[at] as number
    at += 1
    if (op > OP_PUSHDATA4) {
      yield { op }
      continue
    }
    let length = op
    const lengthBytes =
      op === OP_PUSHDATA1 ? 1 : op === OP_PUSHDATA2 ? 2 : op === OP_PUSHDATA4 ? 4 : 0
    if (at + lengthBytes > script.length) {
      yield { truncated: 'length' }
      return
    }
    if (lengthBytes === 1) length = view.getUint8(at)
    if (lengthBytes === 2) length = view.getUint16(at, true)
    if (lengthBytes === 4) length = view.getUint32(at, true)
    at += lengthBytes
    if (at + length > script.length) {
      yield { truncated: 'data' }
      return
    }
    yield { op, data: script.subarray(at, at + length) }
    at += length
  }
}

const NAMED: Record<number, string> = {
  0: 'OP_0',
  76: 'OP_PUSHDATA1',
  77: 'OP_PUSHDATA2',
  78: 'OP_PUSHDATA4',
  79: 'OP_PUSHNUM_NEG1',
  80: 'OP_RESERVED',
  177: 'OP_CLTV',
  178: 'OP_CSV',
  186: 'OP_CHECKSIGADD',
  255: 'OP_INVALIDOPCODE',
}
// 0x61 (OP_NOP) to 0xb0 (OP_NOP1), in order.
const FROM_0X61 =
  'NOP VER IF NOTIF VERIF VERNOTIF ELSE ENDIF VERIFY RETURN TOALTSTACK FROMALTSTACK 2DROP 2DUP 3DUP 2OVER 2ROT 2SWAP IFDUP DEPTH DROP DUP NIP OVER PICK ROLL ROT SWAP TUCK CAT SUBSTR LEFT RIGHT SIZE INVERT AND OR XOR EQUAL EQUALVERIFY RESERVED1 RESERVED2 1ADD 1SUB 2MUL 2DIV NEGATE ABS NOT 0NOTEQUAL ADD SUB MUL DIV MOD LSHIFT RSHIFT BOOLAND BOOLOR NUMEQUAL NUMEQUALVERIFY NUMNOTEQUAL LESSTHAN GREATERTHAN LESSTHANOREQUAL GREATERTHANOREQUAL MIN MAX WITHIN RIPEMD160 SHA1 SHA256 HASH160 HASH256 CODESEPARATOR CHECKSIG CHECKSIGVERIFY CHECKMULTISIG CHECKMULTISIGVERIFY NOP1'.split(
    ' ',
  )

export function opcodeName(op: number): string {
  const named = NAMED[op]
  if (named) return named
  if (op >= 0x01 && op <= 0x4b) return `OP_PUSHBYTES_${op}`
  if (op >= 0x51 && op <= 0x60) return `OP_PUSHNUM_${op - 0x50}`
  if (op >= 0x61 && op <= 0xb0) return `OP_${FROM_0X61[op - 0x61]}`
  if (op >= 0xb3 && op <= 0xb9) return `OP_NOP${op - 0xb3 + 4}`
  return `OP_RETURN_${op}`
}

export function scriptAsm(script: Uint8Array): string {
  const words: string[] = []
  for (const item of scriptOps(script)) {
    if ('truncated' in item) {
      words.push(item.truncated === 'length' ? '<unexpected end>' : '<push past end>')
      break
    }
    const name = opcodeName(item.op)
    words.push(item.data && item.op !== 0 ? `${name} ${hex.encode(item.data)}` : name)
  }
  return words.join(' ')
}

/** Core's IsPushOnly: every op is a push or OP_1NEGATE..OP_16, and no push runs past the end */
export function isPushOnly(script: Uint8Array): boolean {
  for (const item of scriptOps(script)) {
    if ('truncated' in item || item.op > 0x60) return false
  }
  return true
}
