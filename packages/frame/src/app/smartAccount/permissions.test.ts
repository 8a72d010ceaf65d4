import { encodeFunctionData, erc20Abi, numberToHex, parseEther } from 'viem'
import { describe, expect, it } from 'vitest'
import { inEnglish } from '../testing/inEnglish.ts'
import { OUTSIDE_PERMISSION, PERMISSION_MAX_EXPIRY_S } from './constants.ts'
import {
  describePermissions,
  parsePermissionRequest,
  type Scope,
  spendWithin,
} from './permissions.ts'
import type { BatchCall } from './sendCalls.ts'

const ACCOUNT = '0x1111111111111111111111111111111111111111'
const TOKEN = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const DEX = '0x3333333333333333333333333333333333333333'
const NOW = 1_900_000_000_000
const at = { chainId: 31337, address: ACCOUNT, now: NOW }
const allowance = (value: bigint) => [
  { type: 'token-allowance', data: { allowance: numberToHex(value) } },
]
const request = (permissions: unknown[], patch: Record<string, unknown> = {}) => [
  { chainId: '0x7a69', expiry: NOW / 1000 + 3600, permissions, ...patch },
]
const refusal = (params: unknown) => {
  try {
    parsePermissionRequest(params, at)
  } catch (error) {
    return (error as Error).message
  }
  throw new Error('accepted')
}
const transfer = (amount: bigint) =>
  encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [DEX, amount] })

describe('permission requests (ERC-7715)', () => {
  it('reads native, token and contract-call permissions into scopes', () => {
    const parsed = parsePermissionRequest(
      request([
        { type: 'native-token-transfer', data: { ticker: 'ETH' }, policies: allowance(10n ** 18n) },
        { type: 'erc20-token-transfer', data: { address: TOKEN }, policies: allowance(5n) },
        { type: 'contract-call', data: { address: DEX, calls: ['transfer(address,uint256)'] } },
      ]),
      at,
    )
    expect(parsed.expiry).toBe(NOW / 1000 + 3600)
    expect(parsed.scopes).toEqual([
      { kind: 'native', allowance: 10n ** 18n },
      { kind: 'erc20', token: TOKEN, allowance: 5n },
      { kind: 'call', target: DEX, selectors: ['0xa9059cbb'] },
    ])
    expect(
      inEnglish(describePermissions(parsed, 'https://app.example')).map((d) => d.value),
    ).toEqual([
      'Up to 1 ETH in all',
      `Up to 5 base units of ${TOKEN}`,
      `${DEX}: 0xa9059cbb`,
      // the expiry in the visitor's locale and time zone
      new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' }).format(
        NOW + 3_600_000,
      ),
      'https://app.example',
      'Calls inside these limits are sent without a card',
    ])
  })

  it('refuses what it cannot enforce, and expiries outside (now, now + 30 days]', () => {
    expect(refusal(request([{ type: 'native-token-transfer', data: {} }]))).toBe(
      'A native-token-transfer permission needs a token-allowance policy with a hex allowance',
    )
    expect(
      refusal(
        request([
          { type: 'native-token-transfer', data: {}, policies: [{ type: 'rate-limit', data: {} }] },
        ]),
      ),
    ).toBe('Policy "rate-limit" is not supported')
    expect(
      refusal(request([{ type: 'erc20-token-transfer', data: {}, policies: allowance(1n) }])),
    ).toBe('An erc20-token-transfer permission needs the token address')
    expect(refusal(request([{ type: 'contract-call', data: { address: DEX, calls: [] } }]))).toBe(
      'A contract-call permission lists the function signatures it allows',
    )
    expect(refusal(request([{ type: { custom: 'x' }, data: {} }]))).toBe(
      'Permission type {"custom":"x"} is not supported',
    )
    for (const expiry of [NOW / 1000, NOW / 1000 + PERMISSION_MAX_EXPIRY_S + 1]) {
      expect(refusal(request([], { expiry }))).toBe('Invalid permission request')
      expect(
        refusal(
          request([{ type: 'native-token-transfer', data: {}, policies: allowance(1n) }], {
            expiry,
          }),
        ),
      ).toBe('The expiry must be in the future, at most 30 days away')
    }
    expect(refusal(request([{ type: 'contract-call', data: {} }], { chainId: '0x1' }))).toBe(
      'The permissions are for another chain than chain 31337',
    )
    expect(refusal(request([{ type: 'contract-call', data: {} }], { address: DEX }))).toBe(
      'The requested account is not the connected account',
    )
    expect(refusal(undefined)).toBe('Invalid permission request')
  })
})

describe('calls inside a permission', () => {
  const scopes: Scope[] = [
    { kind: 'native', allowance: parseEther('1') },
    { kind: 'erc20', token: TOKEN, allowance: 10n },
    { kind: 'call', target: DEX, selectors: ['0xa9059cbb'] },
  ]
  const none = { native: 0n, tokens: {} }

  it('adds up ETH and token transfers across calls and batches', () => {
    const first = spendWithin(
      scopes,
      [
        { to: DEX, value: parseEther('0.25') },
        { to: TOKEN, value: 0n, data: transfer(4n) },
      ],
      none,
    )
    expect(first).toEqual({ native: parseEther('0.25'), tokens: { [TOKEN.toLowerCase()]: 4n } })
    const second = spendWithin(
      scopes,
      [{ to: TOKEN.toLowerCase() as `0x${string}`, value: 0n, data: transfer(6n) }],
      first,
    )
    expect(second.tokens[TOKEN.toLowerCase()]).toBe(10n)
    expect(() =>
      spendWithin(scopes, [{ to: TOKEN, value: 0n, data: transfer(1n) }], second),
    ).toThrow(OUTSIDE_PERMISSION)
    expect(() => spendWithin(scopes, [{ to: DEX, value: parseEther('0.76') }], first)).toThrow(
      OUTSIDE_PERMISSION,
    )
    expect(first.native).toBe(parseEther('0.25'))
  })

  it('allows listed functions on listed contracts only', () => {
    expect(spendWithin(scopes, [{ to: DEX, value: 0n, data: transfer(99n) }], none)).toEqual(none)
    const approve = encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [DEX, 1n] })
    const outside: BatchCall[] = [
      { to: DEX, value: 0n, data: approve },
      { to: TOKEN, value: 0n, data: approve },
      { to: ACCOUNT as `0x${string}`, value: 0n, data: transfer(1n) },
      { to: DEX, value: 0n },
    ]
    for (const call of outside) {
      expect(() => spendWithin(scopes, [call], none)).toThrow(OUTSIDE_PERMISSION)
    }
    expect(() => spendWithin([], [{ to: DEX, value: 1n }], none)).toThrow(OUTSIDE_PERMISSION)
  })
})
