// The modal's analytics (README "Analytics"; §7): every tracked event becomes the collector's
// shape; the project's switch decides what leaves (analytics off, or its config failed: only
// INITIALIZE, CONNECT_SUCCESS and SOCIAL_LOGIN_SUCCESS); nothing leaves before that answer.
// Errors go to /e one by one, at most 5 a minute; the rest in batches to /batch. Loaded after
// the page has painted; the events before that wait in the instance (appkit.ts).
import { ANALYTICS_ALWAYS_SENT_EVENTS, ANALYTICS_ERROR_EVENTS_PER_MINUTE } from '../constants.ts'
import type { AppKitEvent } from '../events.ts'
import {
  type AnalyticsEvent,
  type EventScene,
  isErrorEvent,
  toAnalyticsEvent,
} from './analyticsEvent.ts'
import { type BatcherDeps, createBatcher } from './batcher.ts'

const ALWAYS_SENT = new Set<string>(ANALYTICS_ALWAYS_SENT_EVENTS)
const MINUTE_MS = 60_000
/** Events held while the config is asked for (it answers within the services' timeout) */
const MAX_WAITING = 500

export interface AnalyticsDeps extends Omit<BatcherDeps, 'send'> {
  subscribe(listener: (event: AppKitEvent) => void): () => void
  /** The events tracked before this part loaded, oldest first */
  early: readonly AppKitEvent[]
  /** Whether the project's config lets every event go (false also when it could not be read) */
  enabled(): Promise<boolean>
  scene(): EventScene
  urls: { batch: string; error: string }
  /** Sends a body and forgets it (a beacon) */
  post(url: string, body: string): void
  /** Runs `flush` when the page hides; answers what stops listening */
  onPageHide(flush: () => void): () => void
  now(): number
  newId(): string
  log(message: string, detail?: unknown): void
}

export function startAnalytics(deps: AnalyticsDeps): () => void {
  let mode: 'waiting' | 'all' | 'essential' = 'waiting'
  const waiting: AnalyticsEvent[] = []
  const errorsSent: number[] = []
  const batcher = createBatcher({
    ...deps,
    send: (events) => deps.post(deps.urls.batch, JSON.stringify(events)),
  })

  function sendError(event: AnalyticsEvent) {
    const since = deps.now() - MINUTE_MS
    while (errorsSent.length > 0 && (errorsSent[0] as number) <= since) errorsSent.shift()
    if (errorsSent.length >= ANALYTICS_ERROR_EVENTS_PER_MINUTE) {
      deps.log(`analytics: ${event.props.event} not sent (5 error events a minute)`)
      return
    }
    errorsSent.push(deps.now())
    deps.post(deps.urls.error, JSON.stringify(event))
  }

  function release(event: AnalyticsEvent) {
    const name = event.props.event
    if (mode === 'essential' && !ALWAYS_SENT.has(name)) return
    if (isErrorEvent(name)) sendError(event)
    else if (name === 'WALLET_IMPRESSION') batcher.addImpression(event)
    else batcher.add(event)
  }

  function accept(event: AppKitEvent) {
    // The scene is taken as the event happens, not when the config answers.
    const shaped = toAnalyticsEvent(event, deps.scene(), deps.newId())
    if (mode !== 'waiting') release(shaped)
    else if (waiting.length < MAX_WAITING) waiting.push(shaped)
  }

  for (const event of deps.early) accept(event)
  const unsubscribe = deps.subscribe(accept)
  const stopPageHide = deps.onPageHide(() => batcher.flush())
  void deps
    .enabled()
    .catch(() => false)
    .then((enabled) => {
      mode = enabled ? 'all' : 'essential'
      for (const event of waiting.splice(0)) release(event)
    })

  return () => {
    unsubscribe()
    stopPageHide()
    batcher.flush()
  }
}
