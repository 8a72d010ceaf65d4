// The data API's account calls (balance, history, identity) as the client sends them (§7).
import { describe, expect, it } from 'vitest'
import { createApiClient } from './apiClient.ts'

const ADDRESS = '0x1111111111111111111111111111111111111111'

describe('api client: balance, history and identity URLs (§7)', () => {
  it('sends projectId/st/sv and each call’s parameters', async () => {
    const urls: string[] = []
    const api = createApiClient({
      apiUrl: 'http://api.test',
      projectId: 'p',
      sdkType: 'appkit',
      sdkVersion: 'v1',
      fetch: async (input) => {
        urls.push(input)
        const body = input.includes('/balance')
          ? { balances: [] }
          : input.includes('/history')
            ? { data: [], next: null }
            : { name: null, avatar: null }
        return new Response(JSON.stringify(body), { status: 200 })
      },
    })
    await api.getBalances(ADDRESS, 'eip155:1', { forceUpdate: true })
    await api.getHistory(ADDRESS, 'eip155:1', 'c2')
    await api.getHistory(ADDRESS, 'eip155:1')
    await api.getIdentity(ADDRESS, ADDRESS)
    expect(urls).toEqual([
      `http://api.test/v1/account/${ADDRESS}/balance?projectId=p&st=appkit&sv=v1&currency=usd&chainId=eip155%3A1&forceUpdate=true`,
      `http://api.test/v1/account/${ADDRESS}/history?projectId=p&st=appkit&sv=v1&chainId=eip155%3A1&cursor=c2`,
      `http://api.test/v1/account/${ADDRESS}/history?projectId=p&st=appkit&sv=v1&chainId=eip155%3A1`,
      `http://api.test/v1/identity/${ADDRESS}?projectId=p&st=appkit&sv=v1&sender=${ADDRESS}`,
    ])
  })

  it('a non-OK answer is an ApiError with HTTP status code: N', async () => {
    const api = createApiClient({
      apiUrl: 'http://api.test',
      projectId: 'p',
      sdkType: 'appkit',
      sdkVersion: 'v1',
      fetch: async () => new Response('{}', { status: 502 }),
    })
    await expect(api.getBalances(ADDRESS, 'eip155:1')).rejects.toMatchObject({
      name: 'ApiError',
      message: 'HTTP status code: 502',
      status: 502,
    })
  })
})
