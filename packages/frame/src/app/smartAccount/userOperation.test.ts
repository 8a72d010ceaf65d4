import { encodeFunctionData, type Hex } from 'viem'
import { describe, expect, it } from 'vitest'
import { inEnglish } from '../testing/inEnglish.ts'
import { ENTRY_POINT_07, USER_OPERATION_CALL_DATA } from './constants.ts'
import { simpleAccountAbi } from './simpleAccountAbi.ts'
import { parseUserOperation } from './userOperation.ts'

const SENDER = '0x1111111111111111111111111111111111111111'
const TO = '0x2222222222222222222222222222222222222222'
const at = { address: SENDER, chainId: 31337 }
const execute = (value: bigint, data: Hex = '0x') =>
  encodeFunctionData({ abi: simpleAccountAbi, functionName: 'execute', args: [TO, value, data] })
const executeBatch = (targets: Hex[], values: bigint[], datas: Hex[]) =>
  encodeFunctionData({
    abi: simpleAccountAbi,
    functionName: 'executeBatch',
    args: [targets, values, datas],
  })
const op = (patch: Record<string, unknown> = {}) => ({
  sender: SENDER,
  nonce: '0x0',
  callData: execute(5n),
  signature: '0x',
  ...patch,
})
const refusal = (params: unknown) => {
  try {
    parseUserOperation(params, at)
  } catch (error) {
    return { message: (error as Error).message, code: (error as { code?: number }).code }
  }
  throw new Error('accepted')
}

describe('eth_sendUserOperation as an app sends it', () => {
  it("lists the calls of the account's execute, and keeps the app's nonce and gas terms", () => {
    const parsed = parseUserOperation(
      [op({ nonce: '0x7', callGasLimit: '0x186a0', maxFeePerGas: '0x3b9aca00' }), ENTRY_POINT_07],
      at,
    )
    expect(parsed.calls).toEqual([{ to: TO, value: 5n }])
    expect(parsed.terms).toEqual({ nonce: 7n, callGasLimit: 100_000n, maxFeePerGas: 10n ** 9n })
    expect(inEnglish(parsed.details)[0]).toEqual({
      label: 'Call 1 of 1',
      value: `To: ${TO}\nValue: 0.000000000000000005 ETH\nData: none`,
      block: true,
    })
  })

  it('reads a batch, with values left out as SimpleAccount allows', () => {
    const batch = executeBatch([TO, SENDER], [], ['0xa9059cbb', '0x'])
    const { calls } = parseUserOperation(
      [op({ callData: batch }), ENTRY_POINT_07.toLowerCase()],
      at,
    )
    expect(calls).toEqual([
      { to: TO, value: 0n, data: '0xa9059cbb' },
      { to: SENDER, value: 0n },
    ])
  })

  it('refuses another EntryPoint, another sender, a paymaster and bad operations', () => {
    expect(refusal([op(), `0x${'5'.repeat(40)}`])).toEqual({
      message: `This wallet's smart account uses EntryPoint v0.7 (${ENTRY_POINT_07})`,
      code: -32602,
    })
    expect(refusal([op()])).toMatchObject({ code: -32602 })
    expect(refusal([op({ sender: TO }), ENTRY_POINT_07])).toEqual({
      message: 'The requested account is not the connected account',
      code: 4100,
    })
    expect(refusal([op({ paymaster: TO }), ENTRY_POINT_07]).message).toBe(
      'not implemented: a paymaster in eth_sendUserOperation',
    )
    for (const bad of [
      { callData: '0x123' },
      { nonce: '7' },
      { sender: 'alice' },
      { callData: 1 },
    ]) {
      expect(refusal([op(bad), ENTRY_POINT_07])).toEqual({
        message: 'Invalid user operation',
        code: -32602,
      })
    }
    expect(refusal(['nope', ENTRY_POINT_07]).message).toBe('Invalid user operation')
  })

  it("refuses callData that is not the account's execute or a consistent executeBatch", () => {
    const upgrade = '0x3659cfe60000000000000000000000002222222222222222222222222222222222222222'
    for (const callData of [
      '0x',
      upgrade,
      executeBatch([TO, TO], [1n], ['0x', '0x']),
      executeBatch([TO], [0n], ['0x', '0x']),
    ]) {
      expect(refusal([op({ callData }), ENTRY_POINT_07])).toEqual({
        message: USER_OPERATION_CALL_DATA,
        code: -32602,
      })
    }
    expect(refusal([op({ callData: executeBatch([], [], []) }), ENTRY_POINT_07]).message).toBe(
      'Between 1 and 20 calls',
    )
  })
})
