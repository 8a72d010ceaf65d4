// What several relay instances share (README "Several instances"): each appends what changes its
// mailbox (a message stored, a message a client has, a topic a client subscribes to) to one
// Redis stream, and applies the others' entries to its own mailbox (replication.ts). A message is
// appended before its publisher is answered, so once answered it survives its instance; an
// instance that starts replays the stream (it keeps RELAY_MAX_TTL_SECONDS of entries).
import { randomUUID } from 'node:crypto'
import type { Redis } from 'ioredis'
import type { Logger } from 'pino'
import { z } from 'zod'
import {
  RELAY_LOG_BLOCK_MS,
  RELAY_LOG_KEY,
  RELAY_LOG_READ_COUNT,
  RELAY_LOG_RETRY_MS,
  RELAY_MAX_TTL_SECONDS,
} from '../constants/relay.ts'

const text = z.string().max(1_000_000)

const instance = { instance: z.string() }

/** One change of an instance's mailbox or subscriptions, as the others apply it */
const entry = z.discriminatedUnion('kind', [
  z.object({
    ...instance,
    kind: z.literal('published'),
    topic: text,
    message: text,
    publishedAt: z.number(),
    expiresAt: z.number(),
    tag: z.number(),
    attestation: text.optional(),
    sender: text,
    address: text,
  }),
  z.object({ ...instance, kind: z.literal('settled'), topic: text, id: text, client: text }),
  z.object({ ...instance, kind: z.literal('subscribed'), topic: text, client: text }),
  z.object({ ...instance, kind: z.literal('unsubscribed'), topic: text, client: text }),
])

/** What an instance appends; the log adds which instance it is */
export type RelayEvent = DistributiveOmit<z.infer<typeof entry>, 'instance'>

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never

/** The relay's side of the shared log */
export interface RelayLog {
  /** Makes `event` durable and visible to the other instances. */
  append(event: RelayEvent): Promise<void>
  /** Replays the log, then hands every other instance's new entry to `apply` until closed. */
  follow(apply: (event: RelayEvent) => void): Promise<void>
  /** Resolves once every entry appended so far (by any instance) is applied here. */
  caughtUp(): Promise<void>
  close(): Promise<void>
}

export interface RedisRelayLogOptions {
  /** Default RELAY_LOG_KEY; tests give each run its own */
  key?: string
  now?: () => number
  logger?: Logger
}

type StreamEntry = [id: string, fields: string[]]

/** Stream ids ("ms-seq") in order */
function isAfter(id: string, other: string): boolean {
  const [ms = 0, seq = 0] = id.split('-').map(Number)
  const [otherMs = 0, otherSeq = 0] = other.split('-').map(Number)
  return ms > otherMs || (ms === otherMs && seq > otherSeq)
}

export function redisRelayLog(redis: Redis, options: RedisRelayLogOptions = {}): RelayLog {
  const key = options.key ?? RELAY_LOG_KEY
  const now = options.now ?? Date.now
  const self = randomUUID()
  // A blocking read holds its connection: the reader has its own.
  const reader = redis.duplicate()
  reader.on('error', () => {})
  let closed = false
  let reading: Promise<void> | undefined
  /** The last entry applied (or skipped as this instance's own) */
  let applied = '0-0'
  const waiters = new Set<{ id: string; resolve(): void }>()
  function advance(id: string) {
    applied = id
    for (const waiter of waiters) {
      if (isAfter(waiter.id, applied)) continue
      waiters.delete(waiter)
      waiter.resolve()
    }
  }
  /** Entries older than the longest TTL name only messages gone everywhere. */
  const oldest = () => String(Math.max(0, now() - RELAY_MAX_TTL_SECONDS * 1000))

  function applyAll(entries: StreamEntry[], apply: (event: RelayEvent) => void): void {
    for (const [id, fields] of entries) {
      const parsed = entry.safeParse(parseJson(fields[1]))
      if (!parsed.success) {
        options.logger?.warn({ id }, 'relay log: an entry that is not a relay event, skipped')
        continue
      }
      const { instance: from, ...event } = parsed.data
      if (from === self) continue
      try {
        apply(event)
      } catch (error) {
        options.logger?.error({ err: error, id }, 'relay log: applying an entry failed')
      }
    }
  }

  async function replay(apply: (event: RelayEvent) => void): Promise<string> {
    let from = oldest()
    let last = '0-0'
    for (;;) {
      const entries = (await redis.xrange(key, from, '+', 'COUNT', RELAY_LOG_READ_COUNT)) as
        | StreamEntry[]
        | null
      if (!entries?.length) return last
      applyAll(entries, apply)
      last = entries.at(-1)?.[0] ?? last
      applied = last
      from = `(${last}`
    }
  }

  async function readOn(after: string, apply: (event: RelayEvent) => void): Promise<void> {
    let last = after
    while (!closed) {
      try {
        const answer = (await reader.xread(
          'COUNT',
          RELAY_LOG_READ_COUNT,
          'BLOCK',
          RELAY_LOG_BLOCK_MS,
          'STREAMS',
          key,
          last,
        )) as [string, StreamEntry[]][] | null
        const entries = answer?.[0]?.[1] ?? []
        applyAll(entries, apply)
        last = entries.at(-1)?.[0] ?? last
        advance(last)
      } catch (error) {
        if (closed) return
        options.logger?.warn({ err: error }, 'relay log: read failed, trying again')
        await new Promise((resolve) => setTimeout(resolve, RELAY_LOG_RETRY_MS))
      }
    }
  }

  return {
    async append(event) {
      await redis.xadd(
        key,
        'MINID',
        '~',
        oldest(),
        '*',
        'e',
        JSON.stringify({ instance: self, ...event }),
      )
    },
    async follow(apply) {
      if (reader.status === 'wait') await reader.connect()
      const last = await replay(apply)
      reading = readOn(last, apply)
    },
    async caughtUp() {
      const [tip] = (await redis.xrevrange(key, '+', '-', 'COUNT', 1)) as StreamEntry[]
      if (!tip || !isAfter(tip[0], applied) || closed) return
      await new Promise<void>((resolve) => waiters.add({ id: tip[0], resolve }))
    },
    async close() {
      closed = true
      for (const waiter of waiters) waiter.resolve()
      waiters.clear()
      reader.disconnect()
      await reading
    },
  }
}

function parseJson(value: string | undefined): unknown {
  if (value === undefined) return undefined
  try {
    return JSON.parse(value)
  } catch {
    return undefined
  }
}
