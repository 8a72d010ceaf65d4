// Output scripts: the type Esplora names them by, the regtest address they pay, the other way
// from an address, and Bitcoin Core's relay rules on them (standard templates, dust).
import { Address, NETWORK, OutScript, TEST_NETWORK } from '@scure/btc-signer'
import { isPushOnly } from './asm.ts'
import {
  BITCOIN_REGTEST_NETWORK,
  DUST_RELAY_FEE_PER_KVB,
  MAX_OP_RETURN_RELAY,
} from './constants.ts'
import { compactSizeLength } from './rawtx.ts'

/** Esplora's scriptpubkey_type values (electrs TxOutValue) */
export type ScriptType =
  | 'empty'
  | 'op_return'
  | 'p2pk'
  | 'p2pkh'
  | 'p2sh'
  | 'v0_p2wpkh'
  | 'v0_p2wsh'
  | 'v1_p2tr'
  | 'unknown'

const OP_0 = 0x00
const OP_1 = 0x51
const OP_16 = 0x60
const OP_RETURN = 0x6a
const OP_DUP = 0x76
const OP_HASH160 = 0xa9
const OP_EQUAL = 0x87
const OP_EQUALVERIFY = 0x88
const OP_CHECKSIG = 0xac

/** Core's IsWitnessProgram: a version opcode, then one push of 2 to 40 bytes */
export function witnessProgram(
  script: Uint8Array,
): { version: number; program: Uint8Array } | undefined {
  const [first, length] = script
  if (script.length < 4 || script.length > 42 || first === undefined || length === undefined) {
    return undefined
  }
  if (first !== OP_0 && (first < OP_1 || first > OP_16)) return undefined
  if (length + 2 !== script.length) return undefined
  return { version: first === OP_0 ? 0 : first - OP_1 + 1, program: script.subarray(2) }
}

function isP2pk(script: Uint8Array): boolean {
  const [push] = script
  return (
    ((push === 33 && script.length === 35) || (push === 65 && script.length === 67)) &&
    script[script.length - 1] === OP_CHECKSIG
  )
}

export function scriptType(script: Uint8Array): ScriptType {
  const n = script.length
  if (n === 0) return 'empty'
  if (script[0] === OP_RETURN) return 'op_return'
  if (isP2pk(script)) return 'p2pk'
  if (
    n === 25 &&
    script[0] === OP_DUP &&
    script[1] === OP_HASH160 &&
    script[2] === 20 &&
    script[23] === OP_EQUALVERIFY &&
    script[24] === OP_CHECKSIG
  ) {
    return 'p2pkh'
  }
  if (n === 23 && script[0] === OP_HASH160 && script[1] === 20 && script[22] === OP_EQUAL) {
    return 'p2sh'
  }
  const witness = witnessProgram(script)
  if (witness?.version === 0 && witness.program.length === 20) return 'v0_p2wpkh'
  if (witness?.version === 0 && witness.program.length === 32) return 'v0_p2wsh'
  if (witness?.version === 1 && witness.program.length === 32) return 'v1_p2tr'
  return 'unknown'
}

/** The regtest address `script` pays, if it pays one */
export function addressOfScript(script: Uint8Array): string | undefined {
  try {
    return Address(BITCOIN_REGTEST_NETWORK).encode(OutScript.decode(script))
  } catch {
    return undefined
  }
}

export type ParsedAddress = { script: Uint8Array } | { error: string }

function decodesOn(address: string, network: typeof NETWORK): boolean {
  try {
    Address(network).decode(address)
    return true
  } catch {
    return false
  }
}

/** The output script of a regtest address; an error text for anything else */
export function scriptOfAddress(address: string): ParsedAddress {
  try {
    return { script: OutScript.encode(Address(BITCOIN_REGTEST_NETWORK).decode(address)) }
  } catch (error) {
    if (decodesOn(address, NETWORK) || decodesOn(address, TEST_NETWORK)) {
      return { error: 'Address on invalid network' }
    }
    const reason = error instanceof Error ? error.message : String(error)
    return { error: `Invalid address ${JSON.stringify(address)}: ${reason}` }
  }
}

/**
 * Whether Core relays an output paying `script` (IsStandard): the templates wallets pay, any
 * witness program, and one OP_RETURN of pushes up to MAX_OP_RETURN_RELAY bytes. Bare multisig is
 * refused here.
 */
export function isStandardOutputScript(script: Uint8Array): boolean {
  const type = scriptType(script)
  if (type === 'op_return')
    return script.length <= MAX_OP_RETURN_RELAY && isPushOnly(script.subarray(1))
  if (type === 'unknown') return witnessProgram(script) !== undefined
  return type !== 'empty'
}

/**
 * Core's GetDustThreshold at DUST_RELAY_TX_FEE: 3 sat/vB times the output's size plus what
 * spending it takes (148 bytes, or 67 vbytes for a witness program). OP_RETURN is never dust.
 */
export function dustThreshold(script: Uint8Array): bigint {
  if (script[0] === OP_RETURN) return 0n
  const outputSize = 8 + compactSizeLength(script.length) + script.length
  const spendSize = witnessProgram(script)
    ? 32 + 4 + 1 + Math.floor(107 / 4) + 4
    : 32 + 4 + 1 + 107 + 4
  return (BigInt(outputSize + spendSize) * DUST_RELAY_FEE_PER_KVB) / 1000n
}
