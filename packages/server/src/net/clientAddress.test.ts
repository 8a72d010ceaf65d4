import { describe, expect, it } from 'vitest'
import { clientAddressResolver, trustedProxiesFromEnv } from './clientAddress.ts'

describe('clientAddressResolver', () => {
  it('believes no X-Forwarded-For without trusted proxies', () => {
    expect(clientAddressResolver()('1.2.3.4', '10.0.0.1')).toBe('10.0.0.1')
    expect(clientAddressResolver([])('1.2.3.4', '::ffff:10.0.0.1')).toBe('10.0.0.1')
  })

  it('with a hop count, takes the entry the nearest proxy wrote, never one the client sent', () => {
    const one = clientAddressResolver(1)
    // The client sent "6.6.6.6" itself; the proxy appended the address it saw.
    expect(one('6.6.6.6, 203.0.113.7', '10.0.0.1')).toBe('203.0.113.7')
    expect(one('203.0.113.7', '10.0.0.1')).toBe('203.0.113.7')
    expect(one(undefined, '10.0.0.1')).toBe('10.0.0.1')
    const two = clientAddressResolver(2)
    expect(two('6.6.6.6, 203.0.113.7, 10.0.0.2', '10.0.0.1')).toBe('203.0.113.7')
    // Fewer entries than hops: the left-most there is.
    expect(two('203.0.113.7', '10.0.0.1')).toBe('203.0.113.7')
  })

  it('with addresses and CIDRs, takes the right-most address that is not a trusted proxy', () => {
    const resolve = clientAddressResolver(['10.0.0.0/8', '2001:db8::/32', '127.0.0.1'])
    expect(resolve('6.6.6.6, 203.0.113.7, 10.1.2.3', '127.0.0.1')).toBe('203.0.113.7')
    expect(resolve('6.6.6.6, 2001:db8::5', '::ffff:127.0.0.1')).toBe('6.6.6.6')
    // A peer that is not a proxy is the client, whatever it sent.
    expect(resolve('10.1.2.3', '198.51.100.9')).toBe('198.51.100.9')
    // Only proxies in the chain: the left-most.
    expect(resolve('10.1.2.3', '127.0.0.1')).toBe('10.1.2.3')
  })

  it('refuses a TRUSTED_PROXIES entry that is no address', () => {
    expect(() => clientAddressResolver(['10.0.0.0/8', 'proxy.local'])).toThrow(
      "TRUSTED_PROXIES: 'proxy.local' is not an address or a CIDR",
    )
  })
})

describe('trustedProxiesFromEnv', () => {
  it('reads a hop count or a list', () => {
    expect(trustedProxiesFromEnv(undefined)).toBe(0)
    expect(trustedProxiesFromEnv(' 2 ')).toBe(2)
    expect(trustedProxiesFromEnv('10.0.0.0/8, 127.0.0.1')).toEqual(['10.0.0.0/8', '127.0.0.1'])
  })
})
