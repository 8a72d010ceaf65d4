import { afterEach, describe, expect, it, vi } from 'vitest'
import { farcasterEnvIncomplete } from './errors/farcaster.ts'
import { farcasterFrom, nameZoneFrom } from './serverEnv.ts'

describe('nameZoneFrom (README "Names")', () => {
  afterEach(() => vi.unstubAllEnvs())

  it('takes the option, else NAME_ZONE (a leading dot dropped), else latchkey.id', () => {
    vi.stubEnv('NAME_ZONE', '')
    expect(nameZoneFrom(undefined)).toBe('latchkey.id')
    vi.stubEnv('NAME_ZONE', ' .names.example.org ')
    expect(nameZoneFrom(undefined)).toBe('names.example.org')
    expect(nameZoneFrom('example.id')).toBe('example.id')
  })

  it('refuses what is not a lower-case domain, naming it', () => {
    for (const zone of ['Example.id', 'example', 'exa mple.id', '-x.id', 'x..id', 'x.id.']) {
      expect(() => nameZoneFrom(zone), zone).toThrow(
        `NAME_ZONE must be a domain in lower case, like example.id (got '${zone}')`,
      )
    }
  })
})

describe('farcasterFrom (README "Farcaster login")', () => {
  afterEach(() => vi.unstubAllEnvs())
  const relayUrl = 'https://relay.farcaster.xyz'
  const rpcUrl = 'https://mainnet.optimism.io'

  it('takes the option, else FARCASTER_RELAY_URL and FARCASTER_RPC_URL, else none', () => {
    vi.stubEnv('FARCASTER_RELAY_URL', '')
    vi.stubEnv('FARCASTER_RPC_URL', '')
    expect(farcasterFrom(undefined)).toBeUndefined()
    vi.stubEnv('FARCASTER_RELAY_URL', ` ${relayUrl} `)
    vi.stubEnv('FARCASTER_RPC_URL', rpcUrl)
    expect(farcasterFrom(undefined)).toEqual({ relayUrl, rpcUrl })
    const option = { relayUrl: 'http://127.0.0.1:8791', rpcUrl: 'http://127.0.0.1:8545' }
    expect(farcasterFrom(option)).toBe(option)
  })

  it('refuses one without the other, naming both', () => {
    vi.stubEnv('FARCASTER_RELAY_URL', relayUrl)
    vi.stubEnv('FARCASTER_RPC_URL', '')
    expect(() => farcasterFrom(undefined)).toThrow(farcasterEnvIncomplete)
    vi.stubEnv('FARCASTER_RELAY_URL', '')
    vi.stubEnv('FARCASTER_RPC_URL', rpcUrl)
    expect(() => farcasterFrom(undefined)).toThrow(farcasterEnvIncomplete)
  })
})
