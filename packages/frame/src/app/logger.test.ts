import { describe, expect, it, vi } from 'vitest'
import { LOG_CAP_BYTES } from './config.ts'
import { createLogger } from './logger.ts'

describe('the log ring buffer (§9 about 1 MB)', () => {
  it('stays within 1 MB under 10 MB of logs and keeps the newest entries', () => {
    const log = createLogger()
    const line = 'x'.repeat(1000)
    for (let i = 0; i < 10_000; i++) log.info(`entry ${i} ${line}`)
    expect(LOG_CAP_BYTES).toBe(1024 * 1024)
    expect(log.bytes()).toBeLessThanOrEqual(LOG_CAP_BYTES)
    expect(log.bytes()).toBeGreaterThan(LOG_CAP_BYTES * 0.95)
    const entries = log.entries()
    expect(entries.at(-1)?.message).toMatch(/^entry 9999 /)
    expect(entries[0]?.message).not.toMatch(/^entry 0 /)
    // oldest first, contiguous
    const first = Number(entries[0]?.message.split(' ')[1])
    expect(entries.map((e) => Number(e.message.split(' ')[1]))).toEqual(
      Array.from({ length: entries.length }, (_, i) => first + i),
    )
  })

  it('counts UTF-8 bytes, cuts one huge entry, and survives data it cannot serialise', () => {
    const log = createLogger({ capBytes: 64 * 1024 })
    log.warn('€'.repeat(100_000))
    const cyclic: Record<string, unknown> = {}
    cyclic.self = cyclic
    log.error('cyclic', cyclic)
    log.debug('bigint', { n: 1n })
    log.info('error', new Error('boom'))
    expect(log.bytes()).toBeLessThanOrEqual(64 * 1024)
    const entries = log.entries()
    expect(entries.find((e) => e.message === 'cyclic')?.data).toBe('[unserialisable]')
    expect(entries.find((e) => e.message === 'error')?.data).toBe('Error: boom')
  })

  it('mirrors to the console only with enableLogger', () => {
    const quiet = { debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() }
    createLogger({ console: quiet }).warn('hidden')
    expect(quiet.warn).not.toHaveBeenCalled()
    const loud = { debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() }
    createLogger({ console: loud, mirror: true }).warn('shown', { a: 1 })
    expect(loud.warn).toHaveBeenCalledWith('[latchkey frame] shown', '{"a":1}')
  })

  it('handles millions of tiny entries without growing (queue compaction)', () => {
    const log = createLogger({ capBytes: 4096 })
    for (let i = 0; i < 200_000; i++) log.debug('t')
    expect(log.bytes()).toBeLessThanOrEqual(4096)
    expect(log.entries().length).toBe(Math.floor(4096 / (1 + 32)))
  })
})
