// Test support for the relay's stores (mailbox and budgets): a clock the test moves, and
// messages as a client publishes them.
import type { Mailbox } from './mailbox.ts'
import type { PublishInput } from './message.ts'

export function clock(start = 1_700_000_000_000) {
  let now = start
  return {
    now: () => now,
    advance(ms: number) {
      now += ms
    },
  }
}

/** A message alice publishes on topic-a for 5 minutes, with the test's changes. */
export const input = (overrides: Partial<PublishInput> = {}): PublishInput => ({
  topic: 'topic-a',
  message: 'bWVzc2FnZQ==',
  ttl: 300,
  tag: 1108,
  sender: 'did:key:alice',
  ...overrides,
})

/** Publishes `input(overrides)`; throws unless it was stored. */
export function stored(mailbox: Mailbox, overrides: Partial<PublishInput> = {}) {
  const outcome = mailbox.publish(input(overrides))
  if (outcome.kind !== 'stored') throw new Error(`not stored: ${outcome.kind}`)
  return outcome.stored
}
