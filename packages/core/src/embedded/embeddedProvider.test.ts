import { type FrameClient, FrameError, type FrameRequestOptions } from '@latchkey/frame/host'
import type { AppEventType } from '@latchkey/frame/protocol'
import { describe, expect, it, vi } from 'vitest'
import { type CaipNetwork, defineNetwork } from '../networks.ts'
import { createEmbeddedProvider, evmChainId } from './embeddedProvider.ts'

const ADDRESS = '0x90F79bf6EB2c4f870365E785982E1f101E93b906'
const OTHER = '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65'
const ether = { name: 'Ether', symbol: 'ETH', decimals: 18 }
const NETWORKS: CaipNetwork[] = [
  defineNetwork({
    id: 1,
    name: 'Ethereum',
    nativeCurrency: ether,
    rpcUrls: { default: { http: ['https://eth.test'] } },
  }),
  defineNetwork({
    id: 10,
    name: 'Optimism',
    nativeCurrency: ether,
    rpcUrls: { default: { http: ['wss://op.test', 'https://op.test'] } },
  }),
  defineNetwork({
    id: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
    chainNamespace: 'solana',
    name: 'Solana',
    nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
    rpcUrls: { default: { http: ['https://sol.test'] } },
  }),
]

interface Call {
  type: AppEventType
  payload: unknown
  options?: FrameRequestOptions
  resolve(reply: unknown): void
  reject(error: unknown): void
}

/** A FrameClient whose replies the test gives by hand; it honours abort signals like the real one. */
function fakeFrame() {
  const calls: Call[] = []
  const request = vi.fn(
    (type: AppEventType, payload: unknown, options?: FrameRequestOptions) =>
      new Promise((resolve, reject) => {
        calls.push({ type, payload, options, resolve, reject })
        options?.signal?.addEventListener('abort', () =>
          reject(new FrameError('Request was aborted')),
        )
      }),
  )
  const client = { request } as unknown as FrameClient
  const last = () => calls[calls.length - 1] as Call
  return { client, request, calls, last }
}

function setup() {
  const frame = fakeFrame()
  const approvals: string[] = []
  const refused: string[] = []
  const provider = createEmbeddedProvider(frame.client, NETWORKS, {
    onApproval: (state) => approvals.push(state),
    onRefused: (method) => refused.push(method),
  })
  const events: [string, unknown][] = []
  for (const name of ['connect', 'accountsChanged', 'chainChanged', 'disconnect']) {
    provider.on(name, (value) => events.push([name, value]))
  }
  return { ...frame, provider, approvals, events, refused }
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('evmChainId', () => {
  it('reads numbers, decimal and hex text and CAIP-2 ids', () => {
    expect([1, '10', '0xa', 'eip155:137', 'eip155:0x89'].map(evmChainId)).toEqual([
      1, 10, 10, 137, 137,
    ])
    expect(['solana:5eyk', '', '1.5', '-1', 0, 1.5, undefined].map(evmChainId)).toEqual(
      Array(7).fill(undefined),
    )
  })
})

describe('before sign-in', () => {
  it('has no account, refuses what needs one, and sends nothing', async () => {
    const { provider, request } = setup()
    expect(provider.connected).toBe(false)
    await expect(provider.request({ method: 'eth_accounts' })).resolves.toEqual([])
    await expect(provider.request({ method: 'eth_chainId' })).resolves.toBe('0x1')
    await expect(provider.request({ method: 'eth_requestAccounts' })).rejects.toMatchObject({
      code: 4100,
      message: 'Not connected to email or social',
    })
    await expect(
      provider.request({ method: 'personal_sign', params: ['0x00', ADDRESS] }),
    ).rejects.toMatchObject({ code: 4100 })
    await expect(
      provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0xa' }] }),
    ).rejects.toMatchObject({ code: 4100 })
    expect(request).not.toHaveBeenCalled()
  })

  it("tells the modal when the frame itself answers 'Requested RPC call is not allowed'", async () => {
    const { provider, last, refused } = setup()
    provider.setUser({ address: ADDRESS, chainId: 1 })
    const call = provider.request({ method: 'eth_getBalance', params: [ADDRESS, 'latest'] })
    await flush()
    last().reject(new FrameError('Requested RPC call is not allowed', 4200))
    await expect(call).rejects.toMatchObject({ message: 'Requested RPC call is not allowed' })
    expect(refused).toEqual(['eth_getBalance'])
  })
})

describe('setUser', () => {
  it('connects the user on their chain, then follows changes', async () => {
    const { provider, events } = setup()
    provider.setUser({ address: ADDRESS, chainId: 'eip155:10' })
    expect(provider.connected).toBe(true)
    expect(events).toEqual([
      ['connect', { chainId: '0xa' }],
      ['accountsChanged', [ADDRESS]],
    ])
    await expect(provider.request({ method: 'eth_requestAccounts' })).resolves.toEqual([ADDRESS])
    await expect(provider.request({ method: 'eth_chainId' })).resolves.toBe('0xa')
    await expect(provider.request({ method: 'net_version' })).resolves.toBe('10')

    events.length = 0
    provider.setUser({ address: ADDRESS.toLowerCase(), chainId: 10 })
    expect(events).toEqual([])
    provider.setUser({ address: OTHER, chainId: 1 })
    expect(events).toEqual([
      ['chainChanged', '0x1'],
      ['accountsChanged', [OTHER]],
    ])

    events.length = 0
    provider.setUser(undefined)
    expect(provider.connected).toBe(false)
    expect(events.map(([name]) => name)).toEqual(['accountsChanged', 'disconnect'])
    expect(events[0]?.[1]).toEqual([])
    expect(events[1]?.[1]).toMatchObject({ code: 4900 })
    provider.setUser(undefined)
    expect(events).toHaveLength(2)
  })

  it('keeps its chain when the user is on a non-EVM chain', async () => {
    const { provider } = setup()
    provider.setUser({ address: ADDRESS, chainId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' })
    await expect(provider.request({ method: 'eth_chainId' })).resolves.toBe('0x1')
  })
})

describe('switching chains', () => {
  it('asks the frame for a known network with its first http RPC, then says chainChanged', async () => {
    const { provider, request, last, events } = setup()
    provider.setUser({ address: ADDRESS, chainId: 1 })
    events.length = 0
    const switched = provider.request({
      method: 'wallet_switchEthereumChain',
      params: [{ chainId: '0xa' }],
    })
    await flush()
    expect(request).toHaveBeenCalledWith('APP_SWITCH_NETWORK', {
      chainId: 10,
      rpcUrl: 'https://op.test',
    })
    last().resolve({ chainId: 10 })
    await expect(switched).resolves.toBeNull()
    expect(events).toEqual([['chainChanged', '0xa']])
    await expect(provider.request({ method: 'eth_chainId' })).resolves.toBe('0xa')

    await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0xa' }] })
    expect(request).toHaveBeenCalledOnce()
  })

  it('on the smart account, follows the address the frame uses on the new network', async () => {
    const { provider, request, last, events } = setup()
    provider.setUser({ address: ADDRESS, chainId: 1, preferredAccountType: 'smartAccount' })
    events.length = 0
    const switched = provider.request({
      method: 'wallet_switchEthereumChain',
      params: [{ chainId: '0xa' }],
    })
    await flush()
    last().resolve({ chainId: 10 })
    await flush()
    expect(request).toHaveBeenLastCalledWith('APP_GET_USER', {})
    const EOA = '0x00000000000000000000000000000000000000e0'
    last().resolve({ address: EOA })
    await expect(switched).resolves.toBeNull()
    expect(events).toEqual([
      ['chainChanged', '0xa'],
      ['accountsChanged', [EOA]],
    ])
    await expect(provider.request({ method: 'eth_accounts' })).resolves.toEqual([EOA])
  })

  it('on the EOA, a switch asks the frame nothing more', async () => {
    const { provider, request, last } = setup()
    provider.setUser({ address: ADDRESS, chainId: 1, preferredAccountType: 'eoa' })
    const switched = provider.request({
      method: 'wallet_switchEthereumChain',
      params: [{ chainId: '0xa' }],
    })
    await flush()
    last().resolve({ chainId: 10 })
    await expect(switched).resolves.toBeNull()
    expect(request).toHaveBeenCalledTimes(1)
  })

  it('refuses a network the app did not configure with 4902, and bad params with -32602', async () => {
    const { provider, request } = setup()
    provider.setUser({ address: ADDRESS, chainId: 1 })
    await expect(
      provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x89' }] }),
    ).rejects.toMatchObject({ code: 4902 })
    await expect(
      provider.request({ method: 'wallet_addEthereumChain', params: [{ chainId: '0x89' }] }),
    ).rejects.toMatchObject({ code: 4902 })
    await expect(
      provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: 10 }] }),
    ).rejects.toMatchObject({ code: -32602 })
    await expect(
      provider.request({ method: 'wallet_switchEthereumChain', params: [] }),
    ).rejects.toMatchObject({ code: -32602 })
    expect(request).not.toHaveBeenCalled()
  })

  it('treats wallet_addEthereumChain of a known network as a switch', async () => {
    const { provider, request, last } = setup()
    provider.setUser({ address: ADDRESS, chainId: 1 })
    const added = provider.request({
      method: 'wallet_addEthereumChain',
      params: [{ chainId: '0xa', chainName: 'Optimism', rpcUrls: ['https://op.test'] }],
    })
    await flush()
    expect(request).toHaveBeenCalledWith(
      'APP_SWITCH_NETWORK',
      expect.objectContaining({ chainId: 10 }),
    )
    last().resolve({ chainId: 10 })
    await expect(added).resolves.toBeNull()
  })

  it('passes a frame failure on with its code', async () => {
    const { provider, last } = setup()
    provider.setUser({ address: ADDRESS, chainId: 1 })
    const switched = provider.request({
      method: 'wallet_switchEthereumChain',
      params: [{ chainId: '0xa' }],
    })
    await flush()
    last().reject(new FrameError('Request timed out'))
    await expect(switched).rejects.toMatchObject({ code: -32603, message: 'Request timed out' })
    await expect(provider.request({ method: 'eth_chainId' })).resolves.toBe('0x1')
  })
})

describe('RPC through the frame', () => {
  it('sends a safe read with chain, namespace and RPC URL, and a timeout', async () => {
    const { provider, request, last, approvals } = setup()
    provider.setUser({ address: ADDRESS, chainId: 1 })
    const call = provider.request({ method: 'eth_call', params: [{ to: OTHER, data: '0x' }] })
    await flush()
    expect(request).toHaveBeenCalledWith(
      'APP_RPC_REQUEST',
      {
        method: 'eth_call',
        params: [{ to: OTHER, data: '0x' }],
        chainId: 1,
        chainNamespace: 'eip155',
        rpcUrl: 'https://eth.test',
      },
      expect.objectContaining({ timeoutMs: 30_000, signal: expect.any(AbortSignal) }),
    )
    last().resolve({ result: '0x1234' })
    await expect(call).resolves.toBe('0x1234')
    expect(approvals).toEqual([])
  })

  it("checks the frame's EIP-5792 answers: §4's status codes, §9's capability names", async () => {
    const { provider, last } = setup()
    provider.setUser({ address: ADDRESS, chainId: 1 })
    const ask = async (method: string, answer: unknown) => {
      const asked = provider.request({ method, params: [ADDRESS] })
      await flush()
      last().resolve({ result: answer })
      return asked
    }
    const confirmed = { version: '2.0.0', id: '0x01', status: 200, atomic: true }
    await expect(ask('wallet_getCallsStatus', confirmed)).resolves.toEqual(confirmed)
    for (const bad of [{ ...confirmed, status: 201 }, { ...confirmed, status: '200' }, null]) {
      await expect(ask('wallet_getCallsStatus', bad)).rejects.toMatchObject({
        code: -32603,
        message: 'Invalid calls status from the wallet',
      })
    }
    await expect(
      ask('wallet_getCapabilities', {
        '0x1': { atomic: { status: 'supported' }, teleport: { supported: true } },
        mainnet: { atomic: { status: 'supported' } },
      }),
    ).resolves.toEqual({ '0x1': { atomic: { status: 'supported' } } })
  })

  it('wraps an unsafe request in approval start/end, with no timeout, however it settles', async () => {
    const { provider, last, approvals } = setup()
    provider.setUser({ address: ADDRESS, chainId: 1 })
    const signed = provider.request({ method: 'personal_sign', params: ['0x6869', ADDRESS] })
    await flush()
    expect(approvals).toEqual(['start'])
    expect(last().options?.timeoutMs).toBeUndefined()
    last().resolve({ result: '0xsig' })
    await expect(signed).resolves.toBe('0xsig')
    expect(approvals).toEqual(['start', 'end'])

    const rejected = provider.request({ method: 'eth_sendTransaction', params: [{ to: OTHER }] })
    await flush()
    last().reject(new FrameError('User rejected the request', 4001))
    await expect(rejected).rejects.toMatchObject({
      code: 4001,
      message: 'User rejected the request',
    })
    expect(approvals).toEqual(['start', 'end', 'start', 'end'])
  })

  it('tells start once and end once for overlapping approvals', async () => {
    const { provider, calls, approvals } = setup()
    provider.setUser({ address: ADDRESS, chainId: 1 })
    const a = provider.request({ method: 'personal_sign', params: ['0x01', ADDRESS] })
    const b = provider.request({ method: 'eth_signTypedData_v4', params: [ADDRESS, '{}'] })
    await flush()
    calls[0]?.resolve({ result: '0xa' })
    await a
    expect(approvals).toEqual(['start'])
    calls[1]?.reject(new FrameError('nope'))
    await expect(b).rejects.toMatchObject({ code: -32603 })
    expect(approvals).toEqual(['start', 'end'])
  })

  it('refuses forbidden methods without asking the frame, and tells the modal', async () => {
    const { provider, request, refused } = setup()
    provider.setUser({ address: ADDRESS, chainId: 1 })
    for (const method of ['eth_sign', 'eth_signTransaction', 'wallet_foo', 'debug_traceCall']) {
      await expect(provider.request({ method })).rejects.toMatchObject({
        code: 4200,
        message: 'Requested RPC call is not allowed',
      })
    }
    expect(request).not.toHaveBeenCalled()
    expect(refused).toEqual(['eth_sign', 'eth_signTransaction', 'wallet_foo', 'debug_traceCall'])
  })

  it('maps a rejection without a code to 4001 and keeps other codes', async () => {
    const { provider, last } = setup()
    provider.setUser({ address: ADDRESS, chainId: 1 })
    const cases: [Error, number][] = [
      [new FrameError('User cancelled the request'), 4001],
      [new FrameError('Request was aborted'), 4001],
      [new FrameError('execution reverted', 3), 3],
      [new FrameError('Something went wrong'), -32603],
    ]
    for (const [error, code] of cases) {
      const call = provider.request({ method: 'eth_sendTransaction', params: [{ to: OTHER }] })
      await flush()
      last().reject(error)
      await expect(call).rejects.toMatchObject({ code, message: error.message })
    }
  })
})

describe('abort and disconnect', () => {
  it('abort() sends APP_RPC_ABORT and ends the pending approval at once (4001)', async () => {
    const { provider, request, calls, approvals } = setup()
    provider.setUser({ address: ADDRESS, chainId: 1 })
    const signing = provider.request({ method: 'personal_sign', params: ['0x01', ADDRESS] })
    const reading = provider.request({ method: 'eth_blockNumber' })
    await flush()
    const aborted = provider.abort()
    expect(request).toHaveBeenLastCalledWith('APP_RPC_ABORT', {})
    await expect(signing).rejects.toMatchObject({ code: 4001, message: 'Request was aborted' })
    expect(approvals).toEqual(['start', 'end'])
    calls[2]?.resolve({})
    await aborted
    calls[1]?.resolve({ result: '0x10' })
    await expect(reading).resolves.toBe('0x10')
  })

  it("abort('Modal closed') refuses the pending approval with that text (4001)", async () => {
    const { provider, calls } = setup()
    provider.setUser({ address: ADDRESS, chainId: 1 })
    const signing = provider.request({ method: 'personal_sign', params: ['0x01', ADDRESS] })
    await flush()
    const aborted = provider.abort('Modal closed')
    await expect(signing).rejects.toMatchObject({ code: 4001, message: 'Modal closed' })
    calls[1]?.resolve({})
    await aborted
  })

  it('disconnect() signs out in the frame, then says disconnect', async () => {
    const { provider, request, last, events } = setup()
    provider.setUser({ address: ADDRESS, chainId: 1 })
    events.length = 0
    const done = provider.disconnect()
    expect(request).toHaveBeenLastCalledWith('APP_SIGN_OUT', {})
    expect(events).toEqual([])
    last().resolve({})
    await done
    expect(provider.connected).toBe(false)
    expect(events.map(([name]) => name)).toEqual(['accountsChanged', 'disconnect'])
  })

  it('disconnect() still signs out here when the frame fails', async () => {
    const { provider, last } = setup()
    provider.setUser({ address: ADDRESS, chainId: 1 })
    const done = provider.disconnect()
    last().reject(new FrameError('Unable to load email login dependency'))
    await done
    expect(provider.connected).toBe(false)
  })

  it('removeListener stops events', () => {
    const { provider } = setup()
    const listener = vi.fn()
    provider.on('accountsChanged', listener)
    provider.removeListener('accountsChanged', listener)
    provider.setUser({ address: ADDRESS, chainId: 1 })
    expect(listener).not.toHaveBeenCalled()
  })
})
