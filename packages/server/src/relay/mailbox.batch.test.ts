// The mailbox before a batch is published (check, freshBytes), its byte budget at the edge, and
// expiry: the relay's batch publish asks first and stores only when the whole batch fits.
import { describe, expect, it } from 'vitest'
import { RELAY_STORED_MESSAGE_OVERHEAD_BYTES } from '../constants/relay.ts'
import { Mailbox } from './mailbox.ts'
import { bytesOf } from './message.ts'
import { clock, input, stored } from './testMailbox.ts'

describe('bytesOf', () => {
  it('counts the message, attestation and topic in UTF-8 bytes, plus the overhead', () => {
    expect(bytesOf({ topic: 'tö', message: 'ab', attestation: 'xyz' })).toBe(
      2 + 3 + 3 + RELAY_STORED_MESSAGE_OVERHEAD_BYTES,
    )
    expect(bytesOf({ topic: 't', message: 'ab' })).toBe(3 + RELAY_STORED_MESSAGE_OVERHEAD_BYTES)
  })
})

describe('check: whether a whole batch fits', () => {
  it('retries of kept messages and repeats in the batch need no room', () => {
    const mailbox = new Mailbox({ maxStoredMessages: 3 })
    stored(mailbox, { message: 'kept-1' })
    stored(mailbox, { message: 'kept-2' })
    const batch = [
      input({ message: 'kept-1' }),
      input({ message: 'new' }),
      input({ message: 'new' }),
    ]
    expect(mailbox.check(batch)).toBe('ok')
    expect(mailbox.freshBytes(batch)).toBe(bytesOf(input({ message: 'new' })))
    expect(mailbox.freshBytes([input({ message: 'kept-2' })])).toBe(0)
  })

  it("a topic's own limit: up to it fits, one more does not", () => {
    const mailbox = new Mailbox({ maxMessagesPerTopic: 3 })
    stored(mailbox, { message: 'kept' })
    expect(mailbox.check([input({ message: 'a' }), input({ message: 'b' })])).toBe('ok')
    expect(
      mailbox.check([input({ message: 'a' }), input({ message: 'b' }), input({ message: 'c' })]),
    ).toBe('topic-full')
    expect(mailbox.maxMessagesPerTopic).toBe(3)
  })

  it('the message limit across topics: up to it fits, one more does not', () => {
    const mailbox = new Mailbox({ maxStoredMessages: 3 })
    stored(mailbox, { topic: 'x' })
    stored(mailbox, { topic: 'y' })
    expect(mailbox.check([input({ topic: 'z' })])).toBe('ok')
    expect(mailbox.check([input({ topic: 'z' }), input({ topic: 'w' })])).toBe('mailbox-full')
  })

  it('the byte limit: up to it fits, one byte more does not', () => {
    const first = input({ message: 'first' })
    const second = input({ message: 'second' })
    const mailbox = new Mailbox({ maxStoredBytes: bytesOf(first) + bytesOf(second) })
    expect(mailbox.maxStoredBytes).toBe(bytesOf(first) + bytesOf(second))
    stored(mailbox, first)
    expect(mailbox.check([second])).toBe('ok')
    expect(mailbox.check([input({ message: 'second!' })])).toBe('storage-full')
  })

  it('a full mailbox sweeps the expired messages before it answers; an empty batch sweeps nothing', () => {
    const time = clock()
    const removed: string[] = []
    const mailbox = new Mailbox({
      now: time.now,
      maxStoredMessages: 2,
      onRemove: (message) => void removed.push(message.message),
    })
    stored(mailbox, { message: 'old', ttl: 10 })
    stored(mailbox, { message: 'older', ttl: 10 })
    time.advance(10_000)
    expect(mailbox.check([])).toBe('ok')
    expect(removed).toEqual([])
    expect(mailbox.check([input({ topic: 'other' })])).toBe('ok')
    expect(removed.sort()).toEqual(['old', 'older'])
    expect(mailbox.size).toBe(0)
  })
})

describe('publish at the byte limit', () => {
  it('a message that fills the budget exactly is stored; one byte more is storage-full', () => {
    const first = input({ message: 'first' })
    const second = input({ message: 'second' })
    const mailbox = new Mailbox({ maxStoredBytes: bytesOf(first) + bytesOf(second) })
    stored(mailbox, first)
    expect(mailbox.publish(input({ message: 'second!' })).kind).toBe('storage-full')
    expect(mailbox.publish(second).kind).toBe('stored')
    expect(mailbox.bytes).toBe(mailbox.maxStoredBytes)
  })

  it('a message without a socket address is kept as local', () => {
    expect(stored(new Mailbox()).address).toBe('local')
    expect(stored(new Mailbox(), { address: '10.0.0.1' }).address).toBe('10.0.0.1')
  })
})

describe('expiry', () => {
  it('a message is pending until the millisecond before it expires', () => {
    const time = clock()
    const mailbox = new Mailbox({ now: time.now })
    const message = stored(mailbox, { ttl: 5 })
    time.advance(4_999)
    expect(mailbox.isPendingFor('did:key:bob', message)).toBe(true)
    mailbox.claim('did:key:bob', message)
    expect(mailbox.isPendingFor('did:key:bob', message)).toBe(false)
    mailbox.release('did:key:bob', message)
    time.advance(1)
    expect(mailbox.isPendingFor('did:key:bob', message)).toBe(false)
  })

  it('messages of one topic expire each at its own time', () => {
    const time = clock()
    const mailbox = new Mailbox({ now: time.now })
    stored(mailbox, { message: 'short', ttl: 10 })
    stored(mailbox, { message: 'long', ttl: 20 })
    stored(mailbox, { message: 'middle', ttl: 15 })
    time.advance(10_000)
    expect(mailbox.pending('did:key:bob', 'topic-a').map((m) => m.message)).toEqual([
      'long',
      'middle',
    ])
    time.advance(5_000)
    expect(mailbox.pending('did:key:bob', 'topic-a').map((m) => m.message)).toEqual(['long'])
    expect(mailbox.size).toBe(1)
  })
})
