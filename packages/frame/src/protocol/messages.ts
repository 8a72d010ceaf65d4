// The embedded wallet's postMessage messages (docs/architecture.md, the frame's messaging): both the
// host page's client and the frame app parse with this module, so neither side trusts a shape
// the other did not promise. Every message crossing the window boundary is parsed here first.
import * as z from 'zod/mini'
import { AppEvents, type AppEventType, type AppRequest } from './appEvents.ts'
import { empty, requestId, text } from './fields.ts'

/** Marks our messages among everything else a window receives (extensions, other libraries). */
export const CHANNEL = 'latchkey-frame'
/** Protocol version; the frame answers FRAME_READY with it and the host checks it. */
export const PROTOCOL_VERSION = 1
/** Big enough for typed data and batched calls, small enough that nobody can flood a side. */
export const MAX_MESSAGE_BYTES = 256 * 1024

/** A request from the host: { channel, type, id, payload }. */
export interface AppMessage<T extends AppEventType = AppEventType> {
  channel: typeof CHANNEL
  type: T
  id: string
  payload: AppRequest<T>
}

const Envelope = z.object({
  channel: z.literal(CHANNEL),
  type: text(64),
  id: z.optional(requestId),
  payload: z.optional(z.unknown()),
})

function withinSize(data: unknown): boolean {
  try {
    return JSON.stringify(data).length <= MAX_MESSAGE_BYTES
  } catch {
    return false
  }
}

export type Parsed<T> = { ok: true; value: T } | { ok: false; reason: string }

/** The size limit, then the envelope every message of the protocol has */
function parseEnvelope(data: unknown): Parsed<z.infer<typeof Envelope>> {
  if (!withinSize(data)) return { ok: false, reason: 'message too large or not serialisable' }
  const envelope = Envelope.safeParse(data)
  if (!envelope.success) return { ok: false, reason: 'not a frame protocol message' }
  return { ok: true, value: envelope.data }
}

/** What the frame accepts: a known app event with a request id and a valid payload. */
export function parseAppMessage(data: unknown): Parsed<AppMessage> {
  const envelope = parseEnvelope(data)
  if (!envelope.ok) return envelope
  const { type, id, payload } = envelope.value
  // Own keys only: `type in AppEvents` is also true for 'constructor', 'toString', '__proto__'.
  if (!Object.hasOwn(AppEvents, type)) return { ok: false, reason: `unknown app event ${type}` }
  if (!id) return { ok: false, reason: `${type} without a request id` }
  const schema = AppEvents[type as AppEventType].request
  const parsed = schema.safeParse(payload ?? {})
  if (!parsed.success) return { ok: false, reason: `invalid ${type} payload` }
  return {
    ok: true,
    value: { channel: CHANNEL, type: type as AppEventType, id, payload: parsed.data as never },
  }
}

/** Messages the frame sends on its own, without a request. */
export const FrameSignals = {
  FRAME_READY: z.object({ version: z.number() }),
  FRAME_HEARTBEAT: empty,
  /** The embedding page's origin is not one the project allows: the frame will not answer it. */
  FRAME_UNVERIFIED_DOMAIN: empty,
} as const
export type FrameSignalType = keyof typeof FrameSignals

export type FrameMessage =
  | { kind: 'signal'; type: FrameSignalType; payload: unknown }
  | { kind: 'success'; request: AppEventType; id: string; payload: unknown }
  | { kind: 'error'; request: AppEventType; id: string; message: string; code?: number }

const ErrorPayload = z.object({ message: text(1024), code: z.optional(z.number()) })

/**
 * What the host accepts. A success reply's payload is checked against the schema of the request
 * it answers (`expected`), so a reply to APP_GET_USER cannot arrive shaped like anything else.
 */
export function parseFrameMessage(
  data: unknown,
  expected?: (id: string) => AppEventType | undefined,
): Parsed<FrameMessage> {
  const envelope = parseEnvelope(data)
  if (!envelope.ok) return envelope
  const { type, id, payload } = envelope.value
  if (Object.hasOwn(FrameSignals, type)) {
    const parsed = FrameSignals[type as FrameSignalType].safeParse(payload ?? {})
    if (!parsed.success) return { ok: false, reason: `invalid ${type} payload` }
    return {
      ok: true,
      value: { kind: 'signal', type: type as FrameSignalType, payload: parsed.data },
    }
  }
  const match = /^FRAME_([A-Z_]+)_(SUCCESS|ERROR)$/.exec(type)
  const request = match && (`APP_${match[1]}` as AppEventType)
  if (!match || !request || !Object.hasOwn(AppEvents, request)) {
    return { ok: false, reason: `unknown frame event ${type}` }
  }
  if (!id) return { ok: false, reason: `${type} without a request id` }
  if (expected && expected(id) !== request) {
    return { ok: false, reason: `${type} answers no pending ${request}` }
  }
  if (match[2] === 'ERROR') {
    const parsed = ErrorPayload.safeParse(payload)
    if (!parsed.success) return { ok: false, reason: `invalid ${type} payload` }
    return { ok: true, value: { kind: 'error', request, id, ...parsed.data } }
  }
  const parsed = AppEvents[request].reply.safeParse(payload ?? {})
  if (!parsed.success) return { ok: false, reason: `invalid ${type} payload` }
  return { ok: true, value: { kind: 'success', request, id, payload: parsed.data } }
}
