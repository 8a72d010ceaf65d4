import { describe, expect, it } from 'vitest'
import { type SatsProvider, satsRequest } from './satsProtocol.ts'

const answering = (response: unknown): SatsProvider => ({
  request: async () => response as never,
})

describe('Sats Connect requests', () => {
  it("gives the result, or the wallet's error with its code", async () => {
    await expect(
      satsRequest(answering({ jsonrpc: '2.0', id: 1, result: { txid: 'ab' } }), 'm'),
    ).resolves.toEqual({ txid: 'ab' })
    await expect(
      satsRequest(answering({ jsonrpc: '2.0', id: 1, error: { code: 4001, message: 'no' } }), 'm'),
    ).rejects.toMatchObject({ code: 4001, message: 'Wallet error 4001: no' })
    await expect(satsRequest(answering({ jsonrpc: '2.0', id: 1 }), 'getAccounts')).rejects.toThrow(
      'The wallet answered getAccounts with no result or error',
    )
  })
})
