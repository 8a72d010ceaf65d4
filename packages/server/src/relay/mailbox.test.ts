import { describe, expect, it } from 'vitest'
import { Mailbox } from './mailbox.ts'
import { bytesOf, type StoredMessage } from './message.ts'
import { clock, input, stored } from './testMailbox.ts'

describe('Mailbox', () => {
  it('keeps a message until its TTL, for clients that come later', () => {
    const time = clock()
    const mailbox = new Mailbox({ now: time.now })
    const message = stored(mailbox, { ttl: 30 })
    expect(message.publishedAt).toBe(time.now())
    time.advance(29_999)
    expect(mailbox.pending('did:key:bob', 'topic-a')).toEqual([message])
    time.advance(1)
    expect(mailbox.pending('did:key:bob', 'topic-a')).toEqual([])
    expect(mailbox.size).toBe(0)
  })

  it('caps the TTL', () => {
    const time = clock()
    const mailbox = new Mailbox({ now: time.now, maxTtlSeconds: 60 })
    stored(mailbox, { ttl: 86_400 })
    time.advance(60_000)
    expect(mailbox.pending('did:key:bob', 'topic-a')).toEqual([])
  })

  it('sweeps expired messages of every topic', () => {
    const time = clock()
    const mailbox = new Mailbox({ now: time.now })
    stored(mailbox, { topic: 'a', ttl: 10 })
    stored(mailbox, { topic: 'b', ttl: 10 })
    stored(mailbox, { topic: 'b', message: 'other', ttl: 100 })
    time.advance(10_000)
    expect(mailbox.sweep()).toBe(2)
    expect(mailbox.size).toBe(1)
  })

  it('never gives a message back to its sender', () => {
    const mailbox = new Mailbox()
    const message = stored(mailbox)
    expect(mailbox.pending('did:key:alice', 'topic-a')).toEqual([])
    expect(mailbox.isPendingFor('did:key:alice', message)).toBe(false)
    expect(mailbox.pending('did:key:bob', 'topic-a')).toEqual([message])
  })

  it('gives a message to each client once: claimed, then settled or released', () => {
    const mailbox = new Mailbox()
    const first = stored(mailbox, { message: 'first' })
    const second = stored(mailbox, { message: 'second' })
    expect(mailbox.pending('bob', 'topic-a')).toEqual([first, second])

    mailbox.claim('bob', first)
    expect(mailbox.pending('bob', 'topic-a')).toEqual([second])
    expect(mailbox.pending('carol', 'topic-a')).toEqual([first, second])

    mailbox.release('bob', first) // the socket closed before bob acknowledged
    expect(mailbox.pending('bob', 'topic-a')).toEqual([first, second])

    mailbox.claim('bob', first)
    mailbox.settle('bob', first)
    expect(mailbox.pending('bob', 'topic-a')).toEqual([second])
    expect(mailbox.isPendingFor('bob', first)).toBe(false)
    mailbox.release('bob', first) // a late release does not undo an acknowledgement
    expect(mailbox.pending('bob', 'topic-a')).toEqual([second])
    expect(mailbox.pending('bob', 'topic-a', 0)).toEqual([])
  })

  it('keeps a retried message once', () => {
    const mailbox = new Mailbox()
    stored(mailbox)
    expect(mailbox.publish(input())).toEqual({ kind: 'duplicate' })
    expect(mailbox.publish(input({ topic: 'topic-b' })).kind).toBe('stored')
    expect(mailbox.size).toBe(2)
  })

  it('refuses a message over the per-topic and total limits', () => {
    const time = clock()
    const mailbox = new Mailbox({ now: time.now, maxMessagesPerTopic: 2, maxStoredMessages: 3 })
    stored(mailbox, { message: '1', ttl: 10 })
    stored(mailbox, { message: '2' })
    expect(mailbox.publish(input({ message: '3' }))).toEqual({ kind: 'topic-full' })
    expect(mailbox.check([{ topic: 'topic-a', message: '2' }])).toBe('ok') // a retry
    expect(mailbox.check([{ topic: 'topic-a', message: '3' }])).toBe('topic-full')
    stored(mailbox, { topic: 'b', message: '1' })
    expect(mailbox.publish(input({ topic: 'c' }))).toEqual({ kind: 'mailbox-full' })
    expect(mailbox.check([{ topic: 'c', message: 'x' }])).toBe('mailbox-full')
    time.advance(10_000) // the first message expires: room again
    expect(mailbox.check([{ topic: 'c', message: 'x' }])).toBe('ok')
    expect(mailbox.publish(input({ topic: 'c' })).kind).toBe('stored')
  })

  it('counts the bytes it keeps, refuses past maxStoredBytes, and reports each expiry once', () => {
    const time = clock()
    const removed: StoredMessage[] = []
    const one = bytesOf(input({ attestation: 'att' }))
    const mailbox = new Mailbox({
      now: time.now,
      maxStoredBytes: 2 * one,
      onRemove: (message) => removed.push(message),
    })
    const first = stored(mailbox, { message: 'a', attestation: 'att', ttl: 10 })
    expect(first.bytes).toBe(bytesOf(input({ message: 'a', attestation: 'att' })))
    stored(mailbox, { message: 'b', attestation: 'att' })
    expect(mailbox.bytes).toBe(first.bytes * 2)
    expect(mailbox.check([{ topic: 'topic-a', message: 'c' }])).toBe('storage-full')
    expect(mailbox.check([{ topic: 'topic-a', message: 'b' }])).toBe('ok') // a retry needs no room
    expect(mailbox.publish(input({ message: 'c' }))).toEqual({ kind: 'storage-full' })
    expect(mailbox.freshBytes([input({ message: 'b' }), input({ message: 'd' })])).toBe(
      bytesOf(input({ message: 'd' })),
    )
    time.advance(10_000)
    mailbox.sweep()
    mailbox.sweep()
    expect(removed).toEqual([first])
    expect(mailbox.bytes).toBe(first.bytes)
    expect(mailbox.publish(input({ message: 'c' })).kind).toBe('stored')
  })

  it('a full mailbox sweeps at most once a second, not on every publish', () => {
    const time = clock()
    const mailbox = new Mailbox({ now: time.now, maxStoredMessages: 2 })
    stored(mailbox, { topic: 'a', ttl: 0.5 })
    stored(mailbox, { topic: 'b', ttl: 0.5 })
    expect(mailbox.check([{ topic: 'c', message: 'x' }])).toBe('mailbox-full') // swept: none expired
    time.advance(500) // both expired, but the last sweep was 500 ms ago
    expect(mailbox.check([{ topic: 'c', message: 'x' }])).toBe('mailbox-full')
    expect(mailbox.publish(input({ topic: 'c' }))).toEqual({ kind: 'mailbox-full' })
    expect(mailbox.size).toBe(2)
    time.advance(500)
    expect(mailbox.check([{ topic: 'c', message: 'x' }])).toBe('ok')
    expect(mailbox.size).toBe(0)
  })
})
