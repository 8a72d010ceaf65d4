import { DEVNET_TOKENS } from '@latchkey/devnet'
import { getAddress } from 'viem'
import { describe, expect, it } from 'vitest'
import { LOCAL_SWAP_ROUTER } from '../constants/swap.ts'
import { KNOWN_TOKENS } from '../constants.ts'
import { decimalAmount } from '../routes/chainCommon.ts'
import { decodeCursor, encodeCursor, parseCaip10, parseEvmAddress } from '../routes/chainParams.ts'
import { createChain } from './client.ts'
import { chainsFromEnv, parseCaip2 } from './config.ts'

describe('chain helpers', () => {
  it('knows the devnet tokens', () => {
    expect(KNOWN_TOKENS).toEqual(DEVNET_TOKENS)
  })

  it('reads EVM_RPC_URLS', () => {
    expect(chainsFromEnv('31337=http://127.0.0.1:8545, 31338=http://127.0.0.1:8546')).toEqual([
      { chainId: 31337, rpcUrl: 'http://127.0.0.1:8545' },
      { chainId: 31338, rpcUrl: 'http://127.0.0.1:8546' },
    ])
    expect(chainsFromEnv('')).toEqual([])
    expect(() => chainsFromEnv('http://x')).toThrow(/chainId=url/)
  })

  it('reads EVM_SWAP_ROUTERS, and gives the local chains the devnet exchange by default', () => {
    const router = '0x7a250d5630b4cf539739df2c5dacb4c659f2488d'
    const configs = chainsFromEnv(
      '1=http://127.0.0.1:9545,31337=http://127.0.0.1:8545,10=http://127.0.0.1:9546',
      `1=${router}`,
    )
    expect(configs[0]).toEqual({
      chainId: 1,
      rpcUrl: 'http://127.0.0.1:9545',
      swapRouter: getAddress(router),
    })
    expect(configs.map((config) => createChain(config).swapRouter)).toEqual([
      getAddress(router),
      LOCAL_SWAP_ROUTER,
      undefined,
    ])
    expect(() => chainsFromEnv('1=http://127.0.0.1:9545', '1=0x123')).toThrow(/EVM_SWAP_ROUTERS/)
    expect(() => chainsFromEnv('1=http://127.0.0.1:9545', `one=${router}`)).toThrow(
      /EVM_SWAP_ROUTERS items must be chainId=0x/,
    )
  })

  it('reads EVM_BUNDLER_URLS: a chain with a bundler offers smart accounts', () => {
    const configs = chainsFromEnv(
      '31337=http://127.0.0.1:8545,31338=http://127.0.0.1:8546',
      '',
      '31337=http://127.0.0.1:4337',
    )
    expect(configs.map((config) => createChain(config).bundlerUrl)).toEqual([
      'http://127.0.0.1:4337',
      undefined,
    ])
    expect(() => chainsFromEnv('1=http://127.0.0.1:9545', '', '1=nope')).toThrow(
      /EVM_BUNDLER_URLS items must be chainId=url/,
    )
    expect(() => chainsFromEnv('1=http://127.0.0.1:9545', '', '0=http://x')).toThrow(
      /EVM_BUNDLER_URLS/,
    )
  })

  it('parses CAIP ids and addresses', () => {
    expect(parseCaip2('eip155:31337')).toBe(31337)
    expect(parseCaip2('eip155:0')).toBeUndefined()
    expect(parseCaip2('solana:1')).toBeUndefined()
    expect(parseEvmAddress('70997970c51812dc3a010c7d01b50e0d17dc79c8')).toBe(
      '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
    )
    expect(parseEvmAddress('0x123')).toBeUndefined()
    expect(parseCaip10('eip155:1:0x70997970c51812dc3a010c7d01b50e0d17dc79c8')).toEqual({
      chainId: 1,
      address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
    })
    expect(parseCaip10('eip155:1')).toBeUndefined()
  })

  it('round-trips cursors and refuses others', () => {
    const cursor = encodeCursor({ block: 123, txIndex: 4 })
    expect(decodeCursor(cursor)).toEqual({ block: 123, txIndex: 4 })
    expect(decodeCursor('')).toBeUndefined()
    expect(decodeCursor(`${cursor}=`)).toBeUndefined()
    expect(decodeCursor(Buffer.from('01.4').toString('base64url'))).toBeUndefined()
  })

  it('writes decimal amounts', () => {
    expect(decimalAmount(1_000_000_500_000n, 6)).toBe('1000000.5')
    expect(decimalAmount('0', 18)).toBe('0')
    expect(decimalAmount(1n, 18)).toBe('0.000000000000000001')
    expect(decimalAmount(15n * 10n ** 17n, 18)).toBe('1.5')
  })
})
