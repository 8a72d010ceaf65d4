// The mailbox's side of several instances (replication.ts): a message another instance stored is
// kept here as it was there (replicate), named by its id when another instance settles it (find),
// and a message leaves at once when every subscriber has it or its publish failed (discard).
import { describe, expect, it } from 'vitest'
import { Mailbox } from './mailbox.ts'
import { bytesOf, messageId, type StoredMessage } from './message.ts'
import { clock, input, stored } from './testMailbox.ts'

type Replicated = Parameters<Mailbox['replicate']>[0]

/** A message carol published on another instance a second ago, kept there for a minute more */
const elsewhere = (now: number, overrides: Partial<Replicated> = {}): Replicated => ({
  topic: 'topic-a',
  message: 'from-elsewhere',
  publishedAt: now - 1_000,
  tag: 1108,
  attestation: undefined,
  sender: 'did:key:carol',
  address: '10.0.0.9',
  expiresAt: now + 60_000,
  ...overrides,
})

describe('replicate', () => {
  it('keeps the message as the other instance stored it, named by its id, whatever the room here', () => {
    const time = clock()
    const mailbox = new Mailbox({ now: time.now, maxStoredMessages: 1 })
    const local = stored(mailbox, { topic: 'topic-b' })
    const message = elsewhere(time.now())
    const kept = mailbox.replicate(message)
    expect(kept).toEqual({
      ...message,
      id: messageId('topic-a', 'from-elsewhere'),
      bytes: bytesOf(message),
      delivered: new Set(),
      inFlight: new Set(),
    })
    expect(mailbox.size).toBe(2) // over maxStoredMessages: the other instance had room
    expect(mailbox.bytes).toBe(local.bytes + bytesOf(message))
    expect(mailbox.pending('did:key:bob', 'topic-a')).toEqual([kept])
    expect(mailbox.pending('did:key:carol', 'topic-a')).toEqual([]) // never back to its sender
    // Its expiry is the other instance's, not a TTL counted from now.
    time.advance(59_999)
    expect(mailbox.pending('did:key:bob', 'topic-a')).toEqual([kept])
    time.advance(1)
    expect(mailbox.pending('did:key:bob', 'topic-a')).toEqual([])
  })

  it('refuses a message kept already (published here, or replicated before)', () => {
    const time = clock()
    const mailbox = new Mailbox({ now: time.now })
    const local = stored(mailbox, { message: 'both' })
    expect(mailbox.replicate(elsewhere(time.now(), { message: 'both' }))).toBeUndefined()
    expect(mailbox.replicate(elsewhere(time.now()))).toBeDefined()
    expect(mailbox.replicate(elsewhere(time.now()))).toBeUndefined()
    expect(mailbox.size).toBe(2)
    expect(mailbox.pending('did:key:bob', 'topic-a').map((m) => m.message)).toEqual([
      local.message,
      'from-elsewhere',
    ])
  })

  it('refuses a message that has expired, to the millisecond', () => {
    const time = clock()
    const mailbox = new Mailbox({ now: time.now })
    const now = time.now()
    expect(mailbox.replicate(elsewhere(now, { expiresAt: now - 1 }))).toBeUndefined()
    expect(mailbox.replicate(elsewhere(now, { expiresAt: now }))).toBeUndefined()
    expect(mailbox.size).toBe(0)
    expect(mailbox.replicate(elsewhere(now, { expiresAt: now + 1 }))?.expiresAt).toBe(now + 1)
    expect(mailbox.size).toBe(1)
  })
})

describe('find', () => {
  it('names a live message by its id; nothing for an unknown topic or id, or once it expired', () => {
    const time = clock()
    const mailbox = new Mailbox({ now: time.now })
    const message = stored(mailbox, { ttl: 10 })
    expect(mailbox.find('topic-a', message.id)).toBe(message)
    expect(mailbox.find('topic-a', messageId('topic-a', 'other'))).toBeUndefined()
    expect(mailbox.find('topic-b', message.id)).toBeUndefined()
    time.advance(10_000)
    expect(mailbox.find('topic-a', message.id)).toBeUndefined()
    expect(mailbox.size).toBe(0)
  })
})

describe('discard', () => {
  it("drops the message at once and reports it; the topic's other messages stay", () => {
    const removed: StoredMessage[] = []
    const mailbox = new Mailbox({ onRemove: (message) => void removed.push(message) })
    const first = stored(mailbox, { message: 'first' })
    const second = stored(mailbox, { message: 'second' })
    mailbox.discard(first)
    expect(removed).toEqual([first])
    expect(mailbox.size).toBe(1)
    expect(mailbox.bytes).toBe(second.bytes)
    expect(mailbox.find('topic-a', first.id)).toBeUndefined()
    expect(mailbox.pending('did:key:bob', 'topic-a')).toEqual([second])
    mailbox.discard(second)
    expect(mailbox.size).toBe(0)
    expect(mailbox.pending('did:key:bob', 'topic-a')).toEqual([])
    // Gone, not kept: the publisher's retry is stored again rather than answered as a duplicate.
    expect(mailbox.publish(input({ message: 'first' })).kind).toBe('stored')
  })

  it('leaves alone a message it does not keep: discarded already, of an unknown topic, or a stale copy', () => {
    const removed: StoredMessage[] = []
    const mailbox = new Mailbox({ onRemove: (message) => void removed.push(message) })
    const old = stored(mailbox)
    const other = stored(mailbox, { message: 'other' })
    mailbox.discard(old)
    mailbox.discard(old)
    expect(removed).toEqual([old])
    expect(mailbox.size).toBe(1)

    mailbox.discard(stored(new Mailbox(), { topic: 'nobody-here' }))
    expect(mailbox.size).toBe(1)

    // The same text published again is another message: discarding the old one leaves it.
    const again = stored(mailbox)
    mailbox.discard(old)
    expect(removed).toEqual([old])
    expect(mailbox.size).toBe(2)
    expect(mailbox.bytes).toBe(other.bytes + again.bytes)
    expect(mailbox.pending('did:key:bob', 'topic-a')).toEqual([other, again])
  })
})
