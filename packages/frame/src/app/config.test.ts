import { describe, expect, it } from 'vitest'
import { DEFAULT_API_URL, evmChainId, parseChainId, readConfig } from './config.ts'

describe('readConfig (§7 URL parameters)', () => {
  it('reads every parameter', () => {
    expect(
      readConfig(
        '?projectId=c4b1e7d2a9f04e6b8d3a5f1e2c7b9a60&chainId=eip155:31337&version=html-wagmi-4.2.2&enableLogger=true&rpcUrl=http://127.0.0.1:8545&enableCloudAuthAccount=true',
        'http://127.0.0.1:8787/',
      ),
    ).toEqual({
      projectId: 'c4b1e7d2a9f04e6b8d3a5f1e2c7b9a60',
      chainId: 31337,
      version: 'html-wagmi-4.2.2',
      enableLogger: true,
      rpcUrl: 'http://127.0.0.1:8545/',
      enableCloudAuthAccount: true,
      apiUrl: 'http://127.0.0.1:8787',
    })
  })

  it('defaults: chain 1, logger off, no rpcUrl, the local API', () => {
    expect(readConfig('')).toEqual({
      projectId: '',
      chainId: 1,
      version: '',
      enableLogger: false,
      rpcUrl: undefined,
      enableCloudAuthAccount: false,
      apiUrl: DEFAULT_API_URL,
    })
  })

  it('drops malformed values', () => {
    const config = readConfig(
      '?projectId=../../etc&rpcUrl=javascript:alert(1)&chainId=0&enableLogger=yes',
    )
    expect(config.projectId).toBe('')
    expect(config.rpcUrl).toBeUndefined()
    expect(config.chainId).toBe(1)
    expect(config.enableLogger).toBe(false)
  })

  it('chain ids', () => {
    expect(parseChainId('1')).toBe(1)
    expect(parseChainId('eip155:10')).toBe(10)
    expect(parseChainId('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')).toBe(
      '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
    )
    expect(parseChainId('a b')).toBeUndefined()
    expect(evmChainId('31337')).toBe(31337)
    expect(evmChainId(10)).toBe(10)
    expect(evmChainId('5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')).toBeUndefined()
  })
})
