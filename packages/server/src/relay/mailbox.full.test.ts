// When the mailbox sweeps on its own: only when what comes would not fit, by count or by bytes,
// so a publish that fits costs no scan of every topic (O(1)); then the sweep makes the room.
// Expired messages of other topics count (size, bytes) until a sweep drops them.
import { describe, expect, it } from 'vitest'
import { Mailbox } from './mailbox.ts'
import { bytesOf, type StoredMessage } from './message.ts'
import { clock, input, stored } from './testMailbox.ts'

/** A mailbox on a test clock that records what leaves it */
function watched(options: { maxStoredMessages?: number; maxStoredBytes?: number }) {
  const time = clock()
  const removed: string[] = []
  const mailbox = new Mailbox({
    now: time.now,
    ...options,
    onRemove: (message: StoredMessage) => void removed.push(message.topic),
  })
  return { time, removed, mailbox }
}

describe('a mailbox with room does not sweep', () => {
  it('a check and a publish that fit exactly, by count and by bytes, leave the expired messages', () => {
    const expired = input({ topic: 'a', ttl: 10 })
    const next = input({ topic: 'b' })
    const { time, removed, mailbox } = watched({
      maxStoredMessages: 2,
      maxStoredBytes: bytesOf(expired) + bytesOf(next),
    })
    stored(mailbox, expired)
    time.advance(10_000)
    expect(mailbox.check([next])).toBe('ok')
    expect(mailbox.publish(next).kind).toBe('stored')
    expect(removed).toEqual([])
    expect(mailbox.size).toBe(2)
    expect(mailbox.bytes).toBe(mailbox.maxStoredBytes)
  })

  it('a check with nothing new to store does not sweep, even over the limits', () => {
    const { time, removed, mailbox } = watched({ maxStoredMessages: 1 })
    const kept = stored(mailbox, { topic: 'a', ttl: 10 })
    // Replicated whatever the room here: the mailbox holds more than its limit.
    mailbox.replicate({ ...kept, topic: 'b', expiresAt: time.now() + 5_000 })
    time.advance(10_000)
    mailbox.check([])
    expect(removed).toEqual([])
    expect(mailbox.size).toBe(2)
  })
})

describe('a full mailbox sweeps, then stores', () => {
  it('a publish past the message limit sweeps the expired messages of every topic first', () => {
    const { time, removed, mailbox } = watched({ maxStoredMessages: 2 })
    stored(mailbox, { topic: 'a', ttl: 10 })
    stored(mailbox, { topic: 'b', ttl: 10 })
    time.advance(10_000)
    expect(mailbox.publish(input({ topic: 'c' })).kind).toBe('stored')
    expect(removed.sort()).toEqual(['a', 'b'])
    expect(mailbox.size).toBe(1)
  })

  it('a publish past the byte budget sweeps too', () => {
    const one = bytesOf(input({ topic: 'a' }))
    const { time, removed, mailbox } = watched({ maxStoredBytes: 2 * one })
    stored(mailbox, { topic: 'a', ttl: 10 })
    stored(mailbox, { topic: 'b', ttl: 10 })
    time.advance(10_000)
    expect(mailbox.publish(input({ topic: 'c' })).kind).toBe('stored')
    expect(removed.sort()).toEqual(['a', 'b'])
    expect(mailbox.bytes).toBe(one)
  })

  it('a batch past the byte budget: check sweeps before it answers', () => {
    const one = bytesOf(input({ topic: 'a' }))
    const { time, removed, mailbox } = watched({ maxStoredBytes: 2 * one })
    stored(mailbox, { topic: 'a', ttl: 10 })
    stored(mailbox, { topic: 'b', ttl: 10 })
    time.advance(10_000)
    expect(mailbox.check([input({ topic: 'c' }), input({ topic: 'd' })])).toBe('ok')
    expect(removed.sort()).toEqual(['a', 'b'])
    expect(mailbox.bytes).toBe(0)
  })
})
