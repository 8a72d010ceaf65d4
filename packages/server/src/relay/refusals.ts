// The relay's refusals are never silent: each is counted, and logged through the server's logger
// at most once per reason every RELAY_REFUSAL_LOG_INTERVAL_MS (a flood must not become a flood
// of log lines); a line carries how many of that reason were refused since the previous one.
import type { Logger } from 'pino'
import { RELAY_REFUSAL_LOG_INTERVAL_MS } from '../constants/relay.ts'
import {
  relayMailboxFull,
  relayPublishRate,
  relayQuotaFull,
  relayStorageFull,
  relayTooManySubscriptions,
  relayTooManyTopics,
  relayTopicFull,
} from '../errors/relay.ts'
import type { BudgetRefusal, RelayLimits } from './budget.ts'

export type RelayRefusal =
  | BudgetRefusal
  /** The whole mailbox's bytes (MailboxOptions.maxStoredBytes) */
  | 'storage-full'
  /** The whole mailbox's message count */
  | 'mailbox-full'
  | 'topic-full'
  /** A socket over the per-address cap */
  | 'connections'
  /** A subscribe over the client's topic cap (RelayOptions.maxTopicsPerClient) */
  | 'client-topics'
  /** A subscribe over the address's subscription cap */
  | 'address-topics'

const SUBSCRIBE_REFUSALS = new Set<RelayRefusal>(['client-topics', 'address-topics'])

export interface RefusalContext {
  clientId?: string
  address?: string
}

export class RefusalReport {
  readonly #counts = new Map<RelayRefusal, number>()
  /** Per reason: when it was last logged, and its count then */
  readonly #logged = new Map<RelayRefusal, { at: number; count: number }>()

  constructor(
    private readonly logger: Logger | undefined,
    private readonly now: () => number,
    private readonly intervalMs = RELAY_REFUSAL_LOG_INTERVAL_MS,
  ) {}

  /** How many were refused for `reason` since the relay started */
  count(reason: RelayRefusal): number {
    return this.#counts.get(reason) ?? 0
  }

  /** Every refusal so far, by reason */
  get counts(): Readonly<Partial<Record<RelayRefusal, number>>> {
    return Object.fromEntries(this.#counts)
  }

  report(reason: RelayRefusal, context: RefusalContext): void {
    const count = this.count(reason) + 1
    this.#counts.set(reason, count)
    const now = this.now()
    const last = this.#logged.get(reason)
    if (last && now - last.at < this.intervalMs) return
    this.#logged.set(reason, { at: now, count })
    this.logger?.warn(
      { reason, ...context, refused: count - (last?.count ?? 0), refusedTotal: count },
      reason === 'connections'
        ? 'relay connection refused'
        : SUBSCRIBE_REFUSALS.has(reason)
          ? 'relay subscribe refused'
          : 'relay publish refused',
    )
  }
}

/** The JSON-RPC error text (-32000) of a refused publish or subscribe. */
export function refusalText(
  reason: Exclude<RelayRefusal, 'connections'>,
  limits: Readonly<RelayLimits>,
  caps: { maxMessagesPerTopic: number; maxTopicsPerClient: number },
): string {
  switch (reason) {
    case 'client-rate':
    case 'address-rate': {
      const rate = reason === 'client-rate' ? limits.clientPublishRate : limits.addressPublishRate
      return relayPublishRate(
        reason === 'client-rate' ? 'client' : 'address',
        rate.burst,
        rate.perSecond,
      )
    }
    case 'client-bytes':
      return relayQuotaFull('client', limits.maxStoredBytesPerClient)
    case 'address-bytes':
      return relayQuotaFull('address', limits.maxStoredBytesPerAddress)
    case 'storage-full':
      return relayStorageFull
    case 'mailbox-full':
      return relayMailboxFull
    case 'topic-full':
      return relayTopicFull(caps.maxMessagesPerTopic)
    case 'client-topics':
      return relayTooManyTopics(caps.maxTopicsPerClient)
    case 'address-topics':
      return relayTooManySubscriptions(limits.maxSubscriptionsPerAddress)
  }
}
