// The relay's budgets per client (JWT `iss`) and per address (see address.ts): bytes kept in the
// mailbox, publishes (token buckets), and open sockets and topic subscriptions per address. Every check and charge is
// O(1); idle buckets are dropped by sweep(), which the relay runs on its timer. The whole
// mailbox's byte budget is the mailbox's own (MailboxOptions.maxStoredBytes).
import {
  RELAY_ADDRESS_PUBLISH_RATE,
  RELAY_CLIENT_PUBLISH_RATE,
  RELAY_MAX_CONNECTIONS_PER_ADDRESS,
  RELAY_MAX_STORED_BYTES_PER_ADDRESS,
  RELAY_MAX_STORED_BYTES_PER_CLIENT,
  RELAY_MAX_SUBSCRIPTIONS_PER_ADDRESS,
  RELAY_UNSUBSCRIBED_TTL_SECONDS,
  type RelayPublishRate,
} from '../constants/relay.ts'
import { addressKey } from './address.ts'

export interface RelayLimits {
  /** Default RELAY_MAX_STORED_BYTES_PER_CLIENT */
  maxStoredBytesPerClient: number
  /** Default RELAY_MAX_STORED_BYTES_PER_ADDRESS */
  maxStoredBytesPerAddress: number
  /** Default RELAY_CLIENT_PUBLISH_RATE */
  clientPublishRate: RelayPublishRate
  /** Default RELAY_ADDRESS_PUBLISH_RATE */
  addressPublishRate: RelayPublishRate
  /** Default RELAY_MAX_CONNECTIONS_PER_ADDRESS */
  maxConnectionsPerAddress: number
  /** Default RELAY_MAX_SUBSCRIPTIONS_PER_ADDRESS */
  maxSubscriptionsPerAddress: number
  /** Default RELAY_UNSUBSCRIBED_TTL_SECONDS */
  unsubscribedTtlSeconds: number
}

export const DEFAULT_RELAY_LIMITS: Readonly<RelayLimits> = {
  maxStoredBytesPerClient: RELAY_MAX_STORED_BYTES_PER_CLIENT,
  maxStoredBytesPerAddress: RELAY_MAX_STORED_BYTES_PER_ADDRESS,
  clientPublishRate: RELAY_CLIENT_PUBLISH_RATE,
  addressPublishRate: RELAY_ADDRESS_PUBLISH_RATE,
  maxConnectionsPerAddress: RELAY_MAX_CONNECTIONS_PER_ADDRESS,
  maxSubscriptionsPerAddress: RELAY_MAX_SUBSCRIPTIONS_PER_ADDRESS,
  unsubscribedTtlSeconds: RELAY_UNSUBSCRIBED_TTL_SECONDS,
}

/** Why a publish was refused by a client's or an address's budget */
export type BudgetRefusal = 'client-rate' | 'address-rate' | 'client-bytes' | 'address-bytes'

/** What a stored message is charged to */
export interface Charge {
  /** The publishing client */
  readonly sender: string
  /** The publishing socket's client address */
  readonly address: string
  readonly bytes: number
}

interface Bucket {
  tokens: number
  /** When `tokens` was counted (ms) */
  at: number
}

/** Token buckets by key: `burst` tokens, refilled `perSecond`; a missing bucket is full. */
export class TokenBuckets {
  readonly #buckets = new Map<string, Bucket>()

  constructor(
    readonly rate: RelayPublishRate,
    private readonly now: () => number,
  ) {}

  /** Takes `count` tokens; when there are fewer, takes none and answers false. */
  take(key: string, count: number): boolean {
    const now = this.now()
    const tokens = this.#tokens(this.#buckets.get(key), now)
    const enough = tokens >= count
    this.#buckets.set(key, { tokens: enough ? tokens - count : tokens, at: now })
    return enough
  }

  /** Buckets kept (full ones are dropped by sweep) */
  get size(): number {
    return this.#buckets.size
  }

  /** Drops the buckets that have refilled: a missing bucket is a full one. */
  sweep(): void {
    const now = this.now()
    for (const [key, bucket] of this.#buckets) {
      if (this.#tokens(bucket, now) >= this.rate.burst) this.#buckets.delete(key)
    }
  }

  #tokens(bucket: Bucket | undefined, now: number): number {
    if (!bucket) return this.rate.burst
    const refill = (Math.max(0, now - bucket.at) / 1000) * this.rate.perSecond
    return Math.min(this.rate.burst, bucket.tokens + refill)
  }
}

/** Counts by key; a key whose count falls to zero is dropped. */
class Tally {
  readonly #counts = new Map<string, number>()

  get(key: string): number {
    return this.#counts.get(key) ?? 0
  }

  add(key: string, amount: number): void {
    const next = this.get(key) + amount
    if (next > 0) this.#counts.set(key, next)
    else this.#counts.delete(key)
  }

  get size(): number {
    return this.#counts.size
  }
}

export class RelayBudget {
  readonly limits: Readonly<RelayLimits>
  readonly #clientRate: TokenBuckets
  readonly #addressRate: TokenBuckets
  readonly #clientBytes = new Tally()
  readonly #addressBytes = new Tally()
  readonly #connections = new Tally()
  readonly #subscriptions = new Tally()

  constructor(limits: Partial<RelayLimits> = {}, now: () => number = Date.now) {
    this.limits = { ...DEFAULT_RELAY_LIMITS, ...limits }
    this.#clientRate = new TokenBuckets(this.limits.clientPublishRate, now)
    this.#addressRate = new TokenBuckets(this.limits.addressPublishRate, now)
  }

  /** Counts a socket from `address`; at the cap, counts nothing and answers false. */
  openConnection(address: string): boolean {
    const key = addressKey(address)
    if (this.#connections.get(key) >= this.limits.maxConnectionsPerAddress) return false
    this.#connections.add(key, 1)
    return true
  }

  /** A socket counted by openConnection closed. */
  closeConnection(address: string): void {
    this.#connections.add(addressKey(address), -1)
  }

  /** Sockets counted for `address` (and the rest of its key: its /64 for IPv6) */
  connectionsAt(address: string): number {
    return this.#connections.get(addressKey(address))
  }

  /** Counts `count` new subscriptions at `address`; past the cap, counts none and answers false. */
  subscribe(address: string, count: number): boolean {
    const key = addressKey(address)
    if (this.#subscriptions.get(key) + count > this.limits.maxSubscriptionsPerAddress) return false
    this.#subscriptions.add(key, count)
    return true
  }

  /** A subscription counted by subscribe() ended. */
  unsubscribe(address: string): void {
    this.#subscriptions.add(addressKey(address), -1)
  }

  /** Subscriptions counted for `address` (its key) */
  subscriptionsAt(address: string): number {
    return this.#subscriptions.get(addressKey(address))
  }

  /** Takes `count` publishes from the client's budget, then the address's. */
  takePublishes(clientId: string, address: string, count: number): BudgetRefusal | undefined {
    if (!this.#clientRate.take(clientId, count)) return 'client-rate'
    if (!this.#addressRate.take(addressKey(address), count)) return 'address-rate'
    return undefined
  }

  /** Whether `bytes` more fit the client's and the address's byte budgets. */
  fits(clientId: string, address: string, bytes: number): BudgetRefusal | undefined {
    if (this.#clientBytes.get(clientId) + bytes > this.limits.maxStoredBytesPerClient) {
      return 'client-bytes'
    }
    if (
      this.#addressBytes.get(addressKey(address)) + bytes >
      this.limits.maxStoredBytesPerAddress
    ) {
      return 'address-bytes'
    }
    return undefined
  }

  /** A message was stored. */
  charge(stored: Charge): void {
    this.#clientBytes.add(stored.sender, stored.bytes)
    this.#addressBytes.add(addressKey(stored.address), stored.bytes)
  }

  /** A charged message left the mailbox (expired or swept). */
  release(stored: Charge): void {
    this.#clientBytes.add(stored.sender, -stored.bytes)
    this.#addressBytes.add(addressKey(stored.address), -stored.bytes)
  }

  /** Bytes the client has kept in the mailbox */
  storedBytesOf(clientId: string): number {
    return this.#clientBytes.get(clientId)
  }

  /** Bytes kept by clients at `address` (its key) */
  storedBytesAt(address: string): number {
    return this.#addressBytes.get(addressKey(address))
  }

  /** Keys tracked, for tests: they must not outlive their use */
  get trackedKeys(): number {
    return (
      this.#clientRate.size +
      this.#addressRate.size +
      this.#clientBytes.size +
      this.#addressBytes.size +
      this.#connections.size +
      this.#subscriptions.size
    )
  }

  /** Drops refilled publish buckets. */
  sweep(): void {
    this.#clientRate.sweep()
    this.#addressRate.sweep()
  }
}
