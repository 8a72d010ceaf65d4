// The relay's budgets with an injected clock: token buckets, byte quotas, sockets per address,
// the address keys they are charged to, and the refusal report.
import { Writable } from 'node:stream'
import pino from 'pino'
import { describe, expect, it } from 'vitest'
import { RELAY_MAX_CONNECTIONS_PER_ADDRESS } from '../constants/relay.ts'
import { addressKey } from './address.ts'
import { DEFAULT_RELAY_LIMITS, RelayBudget, TokenBuckets } from './budget.ts'
import { RefusalReport } from './refusals.ts'
import { clock } from './testMailbox.ts'

describe('TokenBuckets', () => {
  it('allows a burst, then the sustained rate; a refused take takes nothing', () => {
    const time = clock()
    const buckets = new TokenBuckets({ burst: 50, perSecond: 10 }, time.now)
    for (let i = 0; i < 50; i++) expect(buckets.take('alice', 1)).toBe(true)
    expect(buckets.take('alice', 1)).toBe(false)
    expect(buckets.take('bob', 1)).toBe(true) // each key its own bucket
    time.advance(100) // one token back
    expect(buckets.take('alice', 2)).toBe(false)
    expect(buckets.take('alice', 1)).toBe(true)
    expect(buckets.take('alice', 1)).toBe(false)
    time.advance(60_000) // refilled, never above the burst
    expect(buckets.take('alice', 51)).toBe(false)
    expect(buckets.take('alice', 50)).toBe(true)
  })

  it('sweep drops the buckets that have refilled', () => {
    const time = clock()
    const buckets = new TokenBuckets({ burst: 10, perSecond: 10 }, time.now)
    buckets.take('a', 10)
    buckets.take('b', 1)
    time.advance(100)
    buckets.sweep()
    expect(buckets.size).toBe(1) // b is full again, a is not
    time.advance(1_000)
    buckets.sweep()
    expect(buckets.size).toBe(0)
  })
})

describe('RelayBudget', () => {
  const limits = {
    maxStoredBytesPerClient: 1_000,
    maxStoredBytesPerAddress: 1_500,
    clientPublishRate: { burst: 5, perSecond: 1 },
    addressPublishRate: { burst: 8, perSecond: 1 },
    maxConnectionsPerAddress: 2,
  }

  it('takes publishes from the client, then from its address', () => {
    const budget = new RelayBudget(limits, clock().now)
    expect(budget.takePublishes('alice', '10.0.0.1', 5)).toBeUndefined()
    expect(budget.takePublishes('alice', '10.0.0.1', 1)).toBe('client-rate')
    expect(budget.takePublishes('bob', '10.0.0.1', 3)).toBeUndefined()
    expect(budget.takePublishes('carol', '10.0.0.1', 1)).toBe('address-rate')
    expect(budget.takePublishes('carol', '10.0.0.2', 1)).toBeUndefined()
  })

  it('keeps bytes per client and per address, and forgets a key at zero', () => {
    const budget = new RelayBudget(limits, clock().now)
    const charge = (sender: string, address: string, bytes: number) => ({ sender, address, bytes })
    expect(budget.fits('alice', '10.0.0.1', 1_000)).toBeUndefined()
    expect(budget.fits('alice', '10.0.0.1', 1_001)).toBe('client-bytes')
    budget.charge(charge('alice', '10.0.0.1', 900))
    expect(budget.fits('alice', '10.0.0.1', 101)).toBe('client-bytes')
    expect(budget.fits('bob', '10.0.0.1', 601)).toBe('address-bytes')
    expect(budget.fits('bob', '10.0.0.1', 600)).toBeUndefined()
    expect(budget.fits('bob', '10.0.0.2', 1_000)).toBeUndefined()
    expect(budget.storedBytesOf('alice')).toBe(900)
    expect(budget.storedBytesAt('::ffff:10.0.0.1')).toBe(900)
    budget.release(charge('alice', '10.0.0.1', 900))
    expect(budget.storedBytesOf('alice')).toBe(0)
    expect(budget.trackedKeys).toBe(0)
  })

  it('counts sockets per address key, up to the cap', () => {
    const budget = new RelayBudget(limits, clock().now)
    expect(budget.openConnection('2001:db8:1:2::10')).toBe(true)
    expect(budget.openConnection('2001:db8:1:2:aaaa::1')).toBe(true) // the same /64
    expect(budget.openConnection('2001:db8:1:2::11')).toBe(false)
    expect(budget.openConnection('2001:db8:1:3::10')).toBe(true)
    budget.closeConnection('2001:db8:1:2::10')
    expect(budget.connectionsAt('2001:db8:1:2::1')).toBe(1)
    expect(budget.openConnection('2001:db8:1:2::11')).toBe(true)
  })
})

describe('RelayBudget, subscriptions and bookkeeping', () => {
  it('counts subscriptions per address key; a batch past the cap counts none', () => {
    const budget = new RelayBudget({ maxSubscriptionsPerAddress: 3 }, clock().now)
    expect(budget.subscribe('10.0.0.1', 2)).toBe(true)
    expect(budget.subscribe('::ffff:10.0.0.1', 2)).toBe(false) // the same host, 4 > 3
    expect(budget.subscriptionsAt('10.0.0.1')).toBe(2)
    expect(budget.subscribe('10.0.0.1', 1)).toBe(true) // exactly the cap
    expect(budget.subscribe('10.0.0.1', 1)).toBe(false)
    expect(budget.subscribe('10.0.0.2', 3)).toBe(true)
    budget.unsubscribe('10.0.0.1')
    expect(budget.subscriptionsAt('10.0.0.1')).toBe(2)
    expect(budget.subscribe('10.0.0.1', 1)).toBe(true)
  })

  it("without limits of its own, the relay's defaults", () => {
    const budget = new RelayBudget()
    for (let i = 0; i < RELAY_MAX_CONNECTIONS_PER_ADDRESS; i++) {
      expect(budget.openConnection('10.0.0.1')).toBe(true)
    }
    expect(budget.openConnection('10.0.0.1')).toBe(false)
    expect(budget.limits).toEqual(DEFAULT_RELAY_LIMITS)
  })

  it('tracks one key per kind of use, and drops refilled publish buckets on sweep', () => {
    const time = clock()
    const budget = new RelayBudget(
      {
        clientPublishRate: { burst: 5, perSecond: 5 },
        addressPublishRate: { burst: 5, perSecond: 5 },
      },
      time.now,
    )
    budget.takePublishes('alice', '10.0.0.1', 1) // a client bucket and an address bucket
    budget.charge({ sender: 'alice', address: '10.0.0.2', bytes: 10 }) // client and address bytes
    budget.openConnection('10.0.0.3')
    budget.subscribe('10.0.0.4', 1)
    expect(budget.trackedKeys).toBe(6)
    budget.sweep()
    expect(budget.trackedKeys).toBe(6) // the buckets have not refilled yet
    time.advance(1_000)
    budget.sweep()
    expect(budget.trackedKeys).toBe(4)
  })
})

describe('addressKey', () => {
  it('counts one host once: IPv4-mapped as IPv4, IPv6 by its /64', () => {
    expect(addressKey('127.0.0.1')).toBe('127.0.0.1')
    expect(addressKey('::ffff:127.0.0.1')).toBe('127.0.0.1')
    expect(addressKey('::FFFF:203.0.113.9')).toBe('203.0.113.9')
    expect(addressKey('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64')
    expect(addressKey('2001:0DB8:0001:0002::9')).toBe('2001:db8:1:2::/64')
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64')
    expect(addressKey('::1')).toBe('0:0:0:0::/64')
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64')
    expect(addressKey('64:ff9b::192.0.2.1')).toBe('64:ff9b:0:0::/64')
    expect(addressKey('local')).toBe('local')
  })
})

describe('RefusalReport', () => {
  it('counts every refusal and logs each reason at most once per interval', () => {
    const time = clock()
    const lines: Record<string, unknown>[] = []
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(JSON.parse(chunk.toString()))
        done()
      },
    })
    const report = new RefusalReport(pino(sink), time.now, 10_000)
    for (let i = 0; i < 5; i++) report.report('client-bytes', { clientId: 'alice' })
    report.report('connections', { address: '10.0.0.1' })
    expect(report.counts).toEqual({ 'client-bytes': 5, connections: 1 })
    expect(lines).toMatchObject([
      { msg: 'relay publish refused', reason: 'client-bytes', clientId: 'alice', refused: 1 },
      { msg: 'relay connection refused', reason: 'connections', address: '10.0.0.1' },
    ])
    time.advance(10_000)
    report.report('client-bytes', { clientId: 'alice' })
    expect(lines.at(-1)).toMatchObject({ reason: 'client-bytes', refused: 5, refusedTotal: 6 })
    expect(lines).toHaveLength(3)
  })
})
