import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ANALYTICS_FLUSH_INTERVAL_MS, ANALYTICS_MAX_BATCH_BYTES } from '../constants.ts'
import { type AppKitEvent, type AppKitEventName, createEmitter } from '../events.ts'
import { type AnalyticsDeps, startAnalytics } from './analytics.ts'
import type { AnalyticsEvent } from './analyticsEvent.ts'

const ADDRESS = '0x1111111111111111111111111111111111111111'
const BATCH = 'https://collector.test/batch?projectId=p'
const ERROR = 'https://collector.test/e?projectId=p'

const tracked = (event: AppKitEventName, properties?: Record<string, unknown>): AppKitEvent => ({
  timestamp: Date.now(),
  data: { type: 'track', event, properties },
})

/** The pipeline with a project switch the test answers, and every body it posted */
function setup(options: { early?: AppKitEvent[]; enabled?: Promise<boolean> } = {}) {
  const events = createEmitter<AppKitEvent>()
  const posts: { url: string; body: unknown }[] = []
  let hide = () => {}
  let answer: (enabled: boolean) => void = () => {}
  const enabled = options.enabled ?? new Promise<boolean>((resolve) => (answer = resolve))
  let id = 0
  let address: string | undefined = ADDRESS
  const deps: AnalyticsDeps = {
    subscribe: events.subscribe,
    early: options.early ?? [],
    enabled: () => enabled,
    scene: () => ({
      location: { origin: 'https://shop.example', pathname: '/checkout', hostname: 'shop.example' },
      address,
      caipNetworkId: 'eip155:1',
    }),
    urls: { batch: BATCH, error: ERROR },
    post: (url, body) => posts.push({ url, body: JSON.parse(body) }),
    onPageHide: (flush) => {
      hide = flush
      return () => {
        hide = () => {}
      }
    },
    intervalMs: ANALYTICS_FLUSH_INTERVAL_MS,
    maxBytes: ANALYTICS_MAX_BATCH_BYTES,
    setTimer: (run, ms) => setTimeout(run, ms),
    clearTimer: (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
    now: () => Date.now(),
    newId: () => `00000000-0000-4000-8000-${String(++id).padStart(12, '0')}`,
    log: () => {},
  }
  const stop = startAnalytics(deps)
  return {
    track: (event: AppKitEventName, properties?: Record<string, unknown>) =>
      events.emit(tracked(event, properties)),
    answer: async (value: boolean) => {
      answer(value)
      await vi.advanceTimersByTimeAsync(0)
    },
    posts,
    batches: () => posts.filter((p) => p.url === BATCH).map((p) => p.body as AnalyticsEvent[]),
    names: () =>
      posts.flatMap((p) =>
        p.url === BATCH
          ? (p.body as AnalyticsEvent[]).map((e) => e.props.event)
          : [(p.body as AnalyticsEvent).props.event],
      ),
    hide: () => hide(),
    signOut: () => {
      address = undefined
    },
    stop,
  }
}

beforeEach(() => {
  vi.useFakeTimers()
  vi.setSystemTime(Date.parse('2026-11-28T12:00:00Z'))
})
afterEach(() => vi.useRealTimers())

describe('analytics (§7, README "Analytics")', () => {
  it("sends nothing before the project's switch answers; then a batch 10 s after its first event, in the collector's shape", async () => {
    const a = setup({ early: [tracked('INITIALIZE', { networks: ['eip155:1'] })] })
    a.track('MODAL_OPEN', { connected: false })
    await vi.advanceTimersByTimeAsync(60_000)
    expect(a.posts).toEqual([])

    await a.answer(true)
    await vi.advanceTimersByTimeAsync(ANALYTICS_FLUSH_INTERVAL_MS - 1)
    expect(a.posts).toEqual([])
    await vi.advanceTimersByTimeAsync(1)
    expect(a.batches()).toHaveLength(1)
    const [initialize, open] = a.batches()[0] ?? []
    expect(open).toEqual({
      eventId: '00000000-0000-4000-8000-000000000002',
      // No query, no fragment: the page's path only
      url: 'https://shop.example/checkout',
      domain: 'shop.example',
      timestamp: Date.parse('2026-11-28T12:00:00Z'),
      props: {
        type: 'track',
        event: 'MODAL_OPEN',
        address: ADDRESS,
        properties: { connected: false, caipNetworkId: 'eip155:1' },
      },
    })
    expect(initialize?.props.event).toBe('INITIALIZE')

    // The next event starts the next 10 s; an event without an account names none.
    a.signOut()
    a.track('MODAL_CLOSE', { connected: false })
    await vi.advanceTimersByTimeAsync(ANALYTICS_FLUSH_INTERVAL_MS)
    expect(a.batches()[1]?.[0]?.props).not.toHaveProperty('address')
  })

  it('sends at once when the batch passes 45 KB, and when the page hides', async () => {
    const a = setup()
    await a.answer(true)
    const padding = 'x'.repeat(1024)
    let tracked = 0
    while (a.posts.length === 0 && tracked < 100) {
      a.track('SWITCH_NETWORK', { padding, tracked: tracked++ })
    }
    // Sent the moment it passed 45 KB: without its last event it did not.
    const [batch = []] = a.batches()
    expect(batch).toHaveLength(tracked)
    const bytes = (events: unknown[]) =>
      events.reduce<number>(
        (sum, e) => sum + new TextEncoder().encode(JSON.stringify(e)).length + 1,
        0,
      )
    expect(bytes(batch)).toBeGreaterThan(ANALYTICS_MAX_BATCH_BYTES)
    expect(bytes(batch.slice(0, -1))).toBeLessThanOrEqual(ANALYTICS_MAX_BATCH_BYTES)

    a.track('MODAL_OPEN')
    a.hide()
    expect(a.batches()).toHaveLength(2)
    a.hide()
    expect(a.batches()).toHaveLength(2)
    // The page-hide flush took the pending events: the timer sends nothing more.
    await vi.advanceTimersByTimeAsync(ANALYTICS_FLUSH_INTERVAL_MS)
    expect(a.batches()).toHaveLength(2)
  })

  it('with analytics off, or its config unreadable, sends only INITIALIZE, CONNECT_SUCCESS and SOCIAL_LOGIN_SUCCESS', async () => {
    const all: AppKitEventName[] = [
      'INITIALIZE',
      'MODAL_OPEN',
      'CONNECT_SUCCESS',
      'CONNECT_ERROR',
      'SOCIAL_LOGIN_SUCCESS',
      'SEARCH_WALLET',
    ]
    // Made one at a time: a rejected promise waiting in an array is an unhandled rejection.
    for (const enabled of [() => Promise.resolve(false), () => Promise.reject(new Error('502'))]) {
      const a = setup({ enabled: enabled() })
      for (const name of all) a.track(name)
      await vi.advanceTimersByTimeAsync(ANALYTICS_FLUSH_INTERVAL_MS)
      expect(a.names()).toEqual(['INITIALIZE', 'CONNECT_SUCCESS', 'SOCIAL_LOGIN_SUCCESS'])
      a.stop()
    }
  })

  it('sends error events to /e one by one, at most 5 a minute', async () => {
    const a = setup()
    await a.answer(true)
    for (let i = 0; i < 7; i++) a.track('CONNECT_ERROR', { message: `failure ${i}` })
    const errors = () => a.posts.filter((p) => p.url === ERROR).map((p) => p.body as AnalyticsEvent)
    expect(errors().map((e) => e.props.properties.message)).toEqual([
      'failure 0',
      'failure 1',
      'failure 2',
      'failure 3',
      'failure 4',
    ])
    expect(errors()[0]?.props.type).toBe('error')
    await vi.advanceTimersByTimeAsync(60_000)
    a.track('SEND_ERROR', { message: 'later' })
    expect(errors()).toHaveLength(6)
    // Not in the batches too
    expect(a.batches()).toEqual([])
  })

  it('gathers wallet impressions into one WALLET_IMPRESSION event per batch', async () => {
    const a = setup()
    await a.answer(true)
    a.track('WALLET_IMPRESSION', {
      name: 'MetaMask',
      explorerId: 'metamask',
      view: 'Connect',
      displayIndex: 0,
    })
    a.track('MODAL_OPEN')
    a.track('WALLET_IMPRESSION', {
      name: 'Rainbow',
      explorerId: 'rainbow',
      view: 'Connect',
      displayIndex: 1,
    })
    await vi.advanceTimersByTimeAsync(ANALYTICS_FLUSH_INTERVAL_MS)
    const [batch] = a.batches()
    expect(batch?.map((e) => e.props.event)).toEqual(['MODAL_OPEN', 'WALLET_IMPRESSION'])
    expect(batch?.[1]?.props.properties).toEqual({
      caipNetworkId: 'eip155:1',
      items: [
        { name: 'MetaMask', explorerId: 'metamask', view: 'Connect', displayIndex: 0 },
        { name: 'Rainbow', explorerId: 'rainbow', view: 'Connect', displayIndex: 1 },
      ],
    })
  })

  it('stopping sends what is pending and listens no more', async () => {
    const a = setup()
    await a.answer(true)
    a.track('MODAL_OPEN')
    a.stop()
    expect(a.names()).toEqual(['MODAL_OPEN'])
    a.track('MODAL_CLOSE')
    a.hide()
    await vi.advanceTimersByTimeAsync(ANALYTICS_FLUSH_INTERVAL_MS)
    expect(a.names()).toEqual(['MODAL_OPEN'])
  })
})
