// Publishing: every message of a call stored or none (the publish rate, the mailbox's room and
// the byte budgets decide), each charged to its sender's budgets, then offered to subscribers.
import type { RelayBudget } from './budget.ts'
import type { ClientState, Connection, Outcome } from './connection.ts'
import type { Mailbox } from './mailbox.ts'
import type { PublishInput, StoredMessage } from './message.ts'
import type { RelayRefusal } from './refusals.ts'
import type { Subscriptions } from './subscriptions.ts'

type Refusal = Exclude<RelayRefusal, 'connections'>

export interface PublishingDeps {
  mailbox: Mailbox
  budget: RelayBudget
  subscriptions: Subscriptions
  /** Reports the refusal and answers the error naming the limit */
  refuse(conn: Connection, refusal: Refusal): Outcome
  /** Delivers a stored message to its subscribers */
  offer(stored: StoredMessage): void
  /** Shares stored messages with the other instances (replication.ts), when there are any */
  share?: ((stored: StoredMessage[]) => Promise<void>) | undefined
}

/**
 * Stores all the messages or none (refused: reported, and answered with why); answers true,
 * then offers them to their subscribers.
 */
export function publish(deps: PublishingDeps, conn: Connection, inputs: PublishInput[]): Outcome {
  const { mailbox, budget } = deps
  const refusal = admit(deps, conn, inputs)
  if (refusal) return deps.refuse(conn, refusal)
  const stored: StoredMessage[] = []
  for (const input of inputs) {
    const ttl = ttlOf(deps, input, conn.client)
    const outcome = mailbox.publish({ ...input, ttl, address: conn.address })
    if (outcome.kind !== 'stored') continue
    budget.charge(outcome.stored)
    stored.push(outcome.stored)
  }
  return {
    result: true,
    after: () => {
      for (const message of stored) deps.offer(message)
    },
    // Answered once the other instances have them; if they cannot, kept by none: the client's
    // retry stores them afresh.
    ...(deps.share &&
      stored.length > 0 && {
        ready: deps.share(stored).catch((error: unknown) => {
          for (const message of stored) mailbox.discard(message)
          throw error
        }),
      }),
  }
}

/** Why `inputs` may not be stored now, if so: publish rate, then the mailbox's room, then bytes. */
function admit(
  { budget, mailbox }: PublishingDeps,
  conn: Connection,
  inputs: PublishInput[],
): Refusal | undefined {
  const rate = budget.takePublishes(conn.clientId, conn.address, inputs.length)
  if (rate) return rate
  const room = mailbox.check(inputs)
  if (room !== 'ok') return room
  return budget.fits(conn.clientId, conn.address, mailbox.freshBytes(inputs))
}

/** A topic no one but the sender subscribes to keeps a message unsubscribedTtlSeconds at most. */
function ttlOf(
  { subscriptions, budget }: PublishingDeps,
  input: PublishInput,
  sender: ClientState,
) {
  return subscriptions.hasOthers(input.topic, sender.id)
    ? input.ttl
    : Math.min(input.ttl, budget.limits.unsubscribedTtlSeconds)
}
