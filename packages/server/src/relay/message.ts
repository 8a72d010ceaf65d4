// A relay message as the mailbox keeps it, and what it counts against the byte budgets.
import { createHash } from 'node:crypto'
import { RELAY_STORED_MESSAGE_OVERHEAD_BYTES } from '../constants/relay.ts'

export interface PublishInput {
  topic: string
  message: string
  /** Seconds; capped at maxTtlSeconds */
  ttl: number
  tag: number
  attestation?: string | undefined
  /** The publishing client's id; it never gets the message back */
  sender: string
  /** The publishing socket's client address (budgets are charged to it); default 'local' */
  address?: string | undefined
}

/** What a message counts against the byte budgets: its texts' UTF-8 bytes and an overhead. */
export function bytesOf(input: Pick<PublishInput, 'topic' | 'message' | 'attestation'>): number {
  return (
    Buffer.byteLength(input.message) +
    Buffer.byteLength(input.attestation ?? '') +
    Buffer.byteLength(input.topic) +
    RELAY_STORED_MESSAGE_OVERHEAD_BYTES
  )
}

export interface StoredMessage {
  /** The same on every instance: sha256(topic, message), hex (replication.ts names it by this) */
  readonly id: string
  readonly topic: string
  readonly message: string
  /** Milliseconds since the epoch, as the relay protocol's `publishedAt` */
  readonly publishedAt: number
  readonly tag: number
  readonly attestation: string | undefined
  readonly sender: string
  readonly address: string
  /** bytesOf the message */
  readonly bytes: number
  readonly expiresAt: number
  /** Clients that acknowledged it */
  readonly delivered: Set<string>
  /** Clients it was sent to and that have not acknowledged it yet */
  readonly inFlight: Set<string>
}

export type PublishOutcome =
  | { kind: 'stored'; stored: StoredMessage }
  /** The same message on the same topic is already kept (a client's retry): nothing to do */
  | { kind: 'duplicate' }
  | { kind: 'topic-full' }
  | { kind: 'mailbox-full' }
  | { kind: 'storage-full' }

/** A message's name on every instance: one text is kept once per topic. */
export function messageId(topic: string, message: string): string {
  return createHash('sha256').update(topic).update('\n').update(message).digest('hex')
}
