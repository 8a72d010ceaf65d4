// The protocol both sides parse with: what each accepts, and what it answers when it will not.
import { describe, expect, it } from 'vitest'
import { errorType, successType } from './appEvents.ts'
import { CHANNEL, MAX_MESSAGE_BYTES, parseAppMessage, parseFrameMessage } from './messages.ts'
import { classifyRpcMethod } from './rpcRules.ts'

const ID = '123e4567-e89b-42d3-a456-426614174000'
/** `id: null` leaves the id out */
const app = (type: string, payload?: unknown, id: string | null = ID) => ({
  channel: CHANNEL,
  type,
  ...(id !== null && { id }),
  ...(payload !== undefined && { payload }),
})
const reason = (parsed: { ok: boolean; reason?: string }) => (parsed.ok ? 'ok' : parsed.reason)

describe('parseAppMessage: what the frame accepts', () => {
  it('a request without a payload is one with an empty payload', () => {
    expect(parseAppMessage(app('APP_GET_CHAIN_ID'))).toEqual({
      ok: true,
      value: { channel: CHANNEL, type: 'APP_GET_CHAIN_ID', id: ID, payload: {} },
    })
  })

  it('says why it refuses', () => {
    expect(reason(parseAppMessage(app('APP_GET_CHAIN_ID', {}, '')))).toBe(
      'not a frame protocol message',
    )
    expect(reason(parseAppMessage(app('APP_GET_CHAIN_ID', {}, null)))).toBe(
      'APP_GET_CHAIN_ID without a request id',
    )
    expect(reason(parseAppMessage(app('APP_NOPE', {})))).toBe('unknown app event APP_NOPE')
    expect(reason(parseAppMessage(app('APP_CONNECT_OTP', { otp: '12' })))).toBe(
      'invalid APP_CONNECT_OTP payload',
    )
    expect(reason(parseAppMessage({ ...app('APP_GET_CHAIN_ID'), channel: 'x' }))).toBe(
      'not a frame protocol message',
    )
  })

  it('takes a message of up to 256 KiB as JSON, and not one character more', () => {
    const sized = (length: number) => {
      const message = app('APP_GET_CHAIN_ID', { pad: '' }) as { payload: { pad: string } }
      message.payload.pad = 'x'.repeat(length - JSON.stringify(message).length)
      return message
    }
    expect(parseAppMessage(sized(MAX_MESSAGE_BYTES))).toMatchObject({ ok: true })
    expect(reason(parseAppMessage(sized(MAX_MESSAGE_BYTES + 1)))).toBe(
      'message too large or not serialisable',
    )
    const cyclic: Record<string, unknown> = app('APP_GET_CHAIN_ID')
    cyclic.self = cyclic
    expect(reason(parseAppMessage(cyclic))).toBe('message too large or not serialisable')
  })

  it.each([
    ['a positive integer chain', { chainId: 1 }, true],
    ['a CAIP reference', { chainId: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' }, true],
    ['chain 0', { chainId: 0 }, false],
    ['a fractional chain', { chainId: 1.5 }, false],
    ['a chain with a colon', { chainId: 'solana:1' }, false],
    ['an https RPC', { chainId: 1, rpcUrl: 'https://rpc.example/v1' }, true],
    ['a javascript: RPC', { chainId: 1, rpcUrl: 'javascript:alert(1)' }, false],
    ['an RPC with a space', { chainId: 1, rpcUrl: 'https://a b' }, false],
  ])('APP_SWITCH_NETWORK with %s: %s', (_, payload, accepted) => {
    expect(parseAppMessage(app('APP_SWITCH_NETWORK', payload)).ok).toBe(accepted)
  })

  it.each([
    ['1234', true],
    ['1234567890', true],
    ['123', false],
    ['12345678901', false],
    ['12a4', false],
  ])('an OTP of %s is accepted: %s', (otp, accepted) => {
    expect(parseAppMessage(app('APP_CONNECT_OTP', { otp })).ok).toBe(accepted)
  })

  it('RPC methods are names, nothing else', () => {
    expect(parseAppMessage(app('APP_RPC_REQUEST', { method: 'eth_chainId' })).ok).toBe(true)
    expect(parseAppMessage(app('APP_RPC_REQUEST', { method: 'eth chainId' })).ok).toBe(false)
    expect(parseAppMessage(app('APP_RPC_REQUEST', { method: 'x'.repeat(65) })).ok).toBe(false)
  })
})

describe('parseFrameMessage: what the host accepts', () => {
  const frame = app

  it('signals need no id; FRAME_READY carries the version', () => {
    expect(parseFrameMessage(frame('FRAME_READY', { version: 1 }, null))).toEqual({
      ok: true,
      value: { kind: 'signal', type: 'FRAME_READY', payload: { version: 1 } },
    })
    expect(parseFrameMessage(frame('FRAME_HEARTBEAT', undefined, null))).toEqual({
      ok: true,
      value: { kind: 'signal', type: 'FRAME_HEARTBEAT', payload: {} },
    })
    expect(reason(parseFrameMessage(frame('FRAME_READY', { version: '1' })))).toBe(
      'invalid FRAME_READY payload',
    )
  })

  it('a success reply is checked against the request it answers', () => {
    const type = successType('APP_GET_CHAIN_ID')
    expect(type).toBe('FRAME_GET_CHAIN_ID_SUCCESS')
    expect(parseFrameMessage(frame(type, { chainId: 1 }), () => 'APP_GET_CHAIN_ID')).toEqual({
      ok: true,
      value: { kind: 'success', request: 'APP_GET_CHAIN_ID', id: ID, payload: { chainId: 1 } },
    })
    expect(reason(parseFrameMessage(frame(type, { chainId: -1 })))).toBe(`invalid ${type} payload`)
    expect(reason(parseFrameMessage(frame(type, { chainId: 1 }), () => 'APP_GET_USER'))).toBe(
      `${type} answers no pending APP_GET_CHAIN_ID`,
    )
    expect(reason(parseFrameMessage(frame(type, { chainId: 1 }), () => undefined))).toBe(
      `${type} answers no pending APP_GET_CHAIN_ID`,
    )
    expect(reason(parseFrameMessage(frame(type, { chainId: 1 }, null)))).toBe(
      `${type} without a request id`,
    )
    // a reply with no payload is one with an empty payload
    expect(parseFrameMessage(frame(successType('APP_SIGN_OUT')))).toMatchObject({ ok: true })
  })

  it('an error reply carries a message and maybe a code', () => {
    const type = errorType('APP_RPC_REQUEST')
    expect(type).toBe('FRAME_RPC_REQUEST_ERROR')
    expect(parseFrameMessage(frame(type, { message: 'no', code: 4001 }))).toEqual({
      ok: true,
      value: { kind: 'error', request: 'APP_RPC_REQUEST', id: ID, message: 'no', code: 4001 },
    })
    expect(reason(parseFrameMessage(frame(type, {})))).toBe(`invalid ${type} payload`)
    expect(reason(parseFrameMessage(frame(type)))).toBe(`invalid ${type} payload`)
  })

  it('refuses what answers no app event', () => {
    for (const type of ['FRAME_NOPE_SUCCESS', 'FRAME_GET_CHAIN_ID_DONE', 'APP_GET_CHAIN_ID']) {
      expect(reason(parseFrameMessage(frame(type, {})))).toBe(`unknown frame event ${type}`)
    }
    expect(reason(parseFrameMessage({ channel: CHANNEL, type: 1 }))).toBe(
      'not a frame protocol message',
    )
    expect(
      reason(parseFrameMessage(frame('FRAME_READY', { pad: 'x'.repeat(MAX_MESSAGE_BYTES) }))),
    ).toBe('message too large or not serialisable')
  })
})

describe('classifyRpcMethod', () => {
  it.each([
    ['eth_call', 'safe'],
    ['net_version', 'safe'],
    ['eth_sendRawTransaction', 'safe'],
    ['wallet_getCapabilities', 'safe'],
    ['personal_sign', 'unsafe'],
    ['eth_sendTransaction', 'unsafe'],
    ['solana_signAndSendTransaction', 'unsafe'],
    ['wallet_sendCalls', 'unsafe'],
    ['eth_signTypedData_v4', 'unsafe'],
    ['solana_signMessage', 'unsafe'],
    ['solana_signTransaction', 'unsafe'],
    ['solana_signAllTransactions', 'unsafe'],
    ['wallet_grantPermissions', 'unsafe'],
    ['wallet_revokePermissions', 'unsafe'],
    ['eth_sendUserOperation', 'unsafe'],
    ['eth_sign', 'forbidden'],
    ['eth_signTransaction', 'forbidden'],
    ['eth_requestAccounts', 'forbidden'],
    ['wallet_addEthereumChain', 'forbidden'],
    ['toString', 'forbidden'],
  ])('%s is %s', (method, kind) => {
    expect(classifyRpcMethod(method)).toBe(kind)
  })
})

describe('classifyRpcMethod: the chain reads the frame passes straight to the chain', () => {
  it.each([
    'eth_accounts',
    'eth_blockNumber',
    'eth_chainId',
    'eth_estimateGas',
    'eth_feeHistory',
    'eth_gasPrice',
    'eth_getBalance',
    'eth_getBlockByHash',
    'eth_getBlockByNumber',
    'eth_getBlockTransactionCountByHash',
    'eth_getBlockTransactionCountByNumber',
    'eth_getCode',
    'eth_getFilterChanges',
    'eth_getFilterLogs',
    'eth_getLogs',
    'eth_getProof',
    'eth_getStorageAt',
    'eth_getTransactionByBlockHashAndIndex',
    'eth_getTransactionByBlockNumberAndIndex',
    'eth_getTransactionByHash',
    'eth_getTransactionCount',
    'eth_getTransactionReceipt',
    'eth_maxPriorityFeePerGas',
    'eth_newBlockFilter',
    'eth_newFilter',
    'eth_syncing',
    'eth_uninstallFilter',
    'eth_blobBaseFee',
    'web3_clientVersion',
    'wallet_getCallsStatus',
    'wallet_getAssets',
    'eth_getUserOperationByHash',
    'eth_getUserOperationReceipt',
    'eth_supportedEntryPoints',
    'eth_estimateUserOperationGas',
  ])('%s is safe', (method) => {
    expect(classifyRpcMethod(method)).toBe('safe')
  })

  it('an empty method name is not allowed', () => {
    expect(classifyRpcMethod('')).toBe('forbidden')
  })
})

describe('ids, URLs and reply names, to the character', () => {
  const SWITCH = 'APP_SWITCH_NETWORK'
  it.each([
    ['text before the id', `x${ID}`],
    ['text after the id', `${ID}0`],
  ])('refuses a request id with %s', (_, id) => {
    expect(reason(parseAppMessage(app(SWITCH, { chainId: 1 }, id)))).toBe(
      'not a frame protocol message',
    )
  })

  it.each([
    ['text before the scheme', 'xhttp://127.0.0.1:8545'],
    ['a space inside', 'http://127.0.0.1:8545/ x'],
  ])('refuses an RPC URL with %s', (_, rpcUrl) => {
    expect(reason(parseAppMessage(app(SWITCH, { chainId: 1, rpcUrl })))).toBe(
      `invalid ${SWITCH} payload`,
    )
    expect(parseAppMessage(app(SWITCH, { chainId: 1, rpcUrl: 'https://rpc.example/x' })).ok).toBe(
      true,
    )
  })

  it.each([
    'XFRAME_SWITCH_NETWORK_SUCCESS',
    'FRAME_SWITCH_NETWORK_SUCCESSX',
    'FRAME_SWITCH_NETWORK_ERRORS',
  ])('refuses the reply name %s', (type) => {
    expect(
      reason(parseFrameMessage({ channel: CHANNEL, type, id: ID, payload: { chainId: 1 } })),
    ).toBe(`unknown frame event ${type}`)
  })
})

describe('the sign-in and user shapes both sides keep', () => {
  it("a social login's sign-in message keeps every field it was given", () => {
    const siwxMessage = {
      accountAddress: '0x1111111111111111111111111111111111111111',
      chainId: 'eip155:1',
      domain: 'app.example',
      uri: 'https://app.example',
      version: '1',
      nonce: 'abcdefgh',
      issuedAt: '2030-01-01T00:00:00.000Z',
      statement: 'Sign in',
      expirationTime: '2030-01-01T00:05:00.000Z',
      notBefore: '2030-01-01T00:00:00.000Z',
      requestId: 'request-1',
      resources: ['https://app.example/terms'],
    }
    const parsed = parseAppMessage(
      app('APP_CONNECT_SOCIAL', { uri: 'https://app.example/?code=1', siwxMessage }),
    )
    expect(parsed.ok && parsed.value.payload).toEqual({
      uri: 'https://app.example/?code=1',
      siwxMessage,
    })
  })

  it("a user's accounts are EOA or SMART_ACCOUNT, nothing else", () => {
    const user = (type: string) => ({
      address: '0x1111111111111111111111111111111111111111',
      chainId: 31337,
      accounts: [{ address: '0x1111111111111111111111111111111111111111', type }],
      smartAccountDeployed: false,
    })
    const expected = () => 'APP_GET_USER' as const
    expect(parseFrameMessage(app('FRAME_GET_USER_SUCCESS', user('EOA')), expected).ok).toBe(true)
    expect(
      parseFrameMessage(app('FRAME_GET_USER_SUCCESS', user('SMART_ACCOUNT')), expected).ok,
    ).toBe(true)
    expect(parseFrameMessage(app('FRAME_GET_USER_SUCCESS', user('')), expected).ok).toBe(false)
  })
})
