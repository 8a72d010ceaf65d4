// Several relay instances as one (README "Several instances"): what changes this instance's
// mailbox and subscriptions goes to the shared log (sharedLog.ts), and what the others append
// comes back here: their messages are kept and delivered to this instance's subscribers, a
// message a client has (acknowledged anywhere) never goes to it again, and a topic subscribed
// anywhere keeps its messages their full TTL.
import type { Logger } from 'pino'
import type { RelayBudget } from './budget.ts'
import type { Delivery } from './delivery.ts'
import type { Mailbox } from './mailbox.ts'
import type { StoredMessage } from './message.ts'
import type { RelayEvent, RelayLog } from './sharedLog.ts'
import type { Subscriptions } from './subscriptions.ts'

export interface ReplicatedParts {
  mailbox: Mailbox
  budget: RelayBudget
  subscriptions: Subscriptions
  delivery: Delivery
  logger: Logger | undefined
}

export interface Replication {
  /** Resolves once the log is replayed: this instance has every message the others keep */
  started: Promise<void>
  /** Shares messages stored here; resolves once the other instances can have them */
  share(stored: StoredMessage[]): Promise<void>
  /**
   * Runs `deliver` once what the other instances told the log so far is applied here: a client
   * that comes over from another instance does not get again what it acknowledged there.
   */
  whenCaughtUp(deliver: () => void): void
  /** Stops following the log */
  close(): Promise<void>
}

export function replicate(log: RelayLog, parts: ReplicatedParts): Replication {
  const { mailbox, budget, subscriptions, delivery, logger } = parts
  /** Losing these only costs a redelivery or a shorter TTL: logged, never waited for. */
  const tell = (event: RelayEvent) => {
    log.append(event).catch((error: unknown) => {
      logger?.warn({ err: error, kind: event.kind }, 'relay log: append failed')
    })
  }
  delivery.onSettled = (client, stored) =>
    tell({ kind: 'settled', topic: stored.topic, id: stored.id, client })
  subscriptions.onChange = (kind, topic, client) => tell({ kind, topic, client })

  function apply(event: RelayEvent): void {
    switch (event.kind) {
      case 'published': {
        const { kind: _, ...message } = event
        const stored = mailbox.replicate({ ...message, attestation: message.attestation })
        if (!stored) return
        // Charged here too: a client's byte budget holds across the instances it publishes on.
        budget.charge(stored)
        delivery.offer(stored)
        return
      }
      case 'settled': {
        const stored = mailbox.find(event.topic, event.id)
        if (stored) delivery.settled(event.client, stored)
        return
      }
      default:
        subscriptions.changedElsewhere(event.kind, event.topic, event.client)
    }
  }

  return {
    started: log.follow(apply),
    close: () => log.close(),
    whenCaughtUp(deliver) {
      log.caughtUp().then(deliver, (error: unknown) => {
        logger?.warn({ err: error }, 'relay log: cannot catch up, delivering what is known')
        deliver()
      })
    },
    async share(stored) {
      await Promise.all(
        stored.map((message) =>
          log.append({
            kind: 'published',
            topic: message.topic,
            message: message.message,
            publishedAt: message.publishedAt,
            expiresAt: message.expiresAt,
            tag: message.tag,
            ...(message.attestation !== undefined && { attestation: message.attestation }),
            sender: message.sender,
            address: message.address,
          }),
        ),
      )
    },
  }
}
