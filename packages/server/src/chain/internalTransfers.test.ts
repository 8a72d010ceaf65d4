import { createPublicClient, custom, type PublicClient } from 'viem'
import { describe, expect, it } from 'vitest'
import type { Chain } from './client.ts'
import { internalTransfersOf, readInternalTransfers } from './internalTransfers.ts'

const call = (
  traceAddress: number[],
  value: string,
  extra: { error?: string; callType?: string; tx?: string; type?: string } = {},
) => ({
  type: extra.type ?? 'call',
  action: {
    from: '0xrouter',
    to: `0xto${traceAddress.join('')}`,
    value,
    callType: extra.callType ?? 'call',
  },
  traceAddress,
  transactionHash: extra.tx ?? '0xaa',
  transactionPosition: extra.tx ? 1 : 0,
  ...(extra.error !== undefined && { error: extra.error }),
})

describe('internal transfers from trace_block', () => {
  it('keeps value moved below the top level, numbered per transaction', () => {
    const found = internalTransfersOf([
      call([], '0x10'),
      call([0], '0x0'),
      call([1], '0x5'),
      call([1, 0], '0x3'),
      call([], '0x0', { tx: '0xbb' }),
      call([0], '0x7', { tx: '0xbb' }),
    ])
    expect(found).toEqual([
      { txHash: '0xaa', txIndex: 0, order: 0, from: '0xrouter', to: '0xto1', value: 5n },
      { txHash: '0xaa', txIndex: 0, order: 1, from: '0xrouter', to: '0xto10', value: 3n },
      { txHash: '0xbb', txIndex: 1, order: 0, from: '0xrouter', to: '0xto0', value: 7n },
    ])
  })

  it('leaves out reverted calls and everything inside them, delegate and static calls, creations', () => {
    expect(
      internalTransfersOf([
        call([], '0x0'),
        call([0], '0x5', { error: 'Reverted' }),
        call([0, 0], '0x5'),
        call([0, 0, 1], '0x5'),
        call([1], '0x5', { callType: 'delegatecall' }),
        call([2], '0x5', { callType: 'staticcall' }),
        call([3], '0x5', { type: 'create' }),
        call([4], 'not hex'),
      ]),
    ).toEqual([])
    expect(internalTransfersOf([call([], '0x1', { error: 'Reverted' }), call([0], '0x5')])).toEqual(
      [],
    )
  })
})

/** A node (as its JSON-RPC answers) in front of which the indexer stands */
const nodeAnswering = (answer: () => unknown): Chain => ({
  chainId: 1,
  caip2: 'eip155:1',
  rpcUrl: 'http://node.invalid',
  swapRouter: undefined,
  bundlerUrl: undefined,
  client: createPublicClient({
    transport: custom({ request: async () => answer() }, { retryCount: 0 }),
  }) as PublicClient,
})

describe('readInternalTransfers', () => {
  it('gives nothing to record from a node without the trace API, and refuses a malformed answer', async () => {
    const noTrace = nodeAnswering(() => {
      throw Object.assign(new Error('the method trace_block does not exist'), { code: -32601 })
    })
    await expect(readInternalTransfers(noTrace, 5n)).resolves.toBeUndefined()
    const broken = nodeAnswering(() => [{ type: 'call', traceAddress: 'x' }])
    await expect(readInternalTransfers(broken, 5n)).rejects.toThrow('malformed')
    const down = nodeAnswering(() => {
      throw Object.assign(new Error('internal error'), { code: -32603 })
    })
    await expect(readInternalTransfers(down, 5n)).rejects.toThrow()
  })
})
