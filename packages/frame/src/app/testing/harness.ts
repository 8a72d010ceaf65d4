// Test support: a frame built by composeFrame exactly as main.ts builds it, with a stand-in
// parent window that records what it is sent, its own document and storage, and the fake auth
// server. `send` plays the host: it delivers a MessageEvent-like object and returns the reply.
import { randomUUID } from 'node:crypto'
import { IDBFactory } from 'fake-indexeddb'
import type { AppEventType } from '../../protocol/appEvents.ts'
import { CHANNEL } from '../../protocol/messages.ts'
import { type FrameConfig, readConfig } from '../config.ts'
import { type ComposedFrame, composeFrame } from '../frame.ts'
import { createFakeAuthServer } from './fakeAuthServer.ts'
import type { FakeAuthServer } from './fakeAuthShared.ts'
import { FAKE_API } from './fakeAuthShared.ts'
import { fakeObserver } from './visibility.ts'

export const HOST = 'http://127.0.0.1:5173'

export interface Posted {
  message: { channel: string; type: string; id?: string; payload?: unknown }
  targetOrigin: string
}

/**
 * A Storage over a Map, shared between "page loads" of one test; with the origin's IndexedDB
 * (fake-indexeddb's real in-memory one), where the frame keeps its DPoP key pair.
 */
export class MemoryStorage implements Storage {
  readonly map = new Map<string, string>()
  readonly indexedDB: IDBFactory = new IDBFactory()
  get length() {
    return this.map.size
  }
  clear() {
    this.map.clear()
  }
  getItem(key: string) {
    return this.map.get(key) ?? null
  }
  key(index: number) {
    return [...this.map.keys()][index] ?? null
  }
  removeItem(key: string) {
    this.map.delete(key)
  }
  setItem(key: string, value: string) {
    this.map.set(key, String(value))
  }
}

export interface HarnessOptions {
  server?: FakeAuthServer
  storage?: MemoryStorage
  search?: string
  ancestorOrigins?: string[] | null
  sleep?: (ms: number) => Promise<void>
  now?: () => number
  /** Skip frame.start() */
  noStart?: boolean
  /** A real server instead of the fake one: its URL (fetch is then the global one) */
  apiUrl?: string
  /** The frame's document; by default a new one from the test's jsdom environment */
  document?: Document
}

export interface Harness extends ComposedFrame {
  server: FakeAuthServer
  storage: MemoryStorage
  config: FrameConfig
  parent: { postMessage(message: unknown, targetOrigin: string): void }
  self: object
  doc: Document
  posted: Posted[]
  reloads: number
  /** Sends a request as the host; resolves with the reply to it (undefined if none came). */
  send(
    type: AppEventType | string,
    payload?: unknown,
    options?: { origin?: string; source?: unknown; id?: string },
  ): Promise<Posted | undefined>
  /** The approval card's buttons */
  button(which: 'approve' | 'reject'): HTMLButtonElement
  /** Waits until an approval is on screen */
  approvalShown(): Promise<void>
}

export async function createHarness(options: HarnessOptions = {}): Promise<Harness> {
  const server = options.server ?? createFakeAuthServer()
  const storage = options.storage ?? new MemoryStorage()
  const posted: Posted[] = []
  const parent = {
    postMessage(message: unknown, targetOrigin: string) {
      // what the browser does: a structured clone, so functions and the like would throw here
      posted.push({ message: structuredClone(message) as Posted['message'], targetOrigin })
    },
  }
  const self = {}
  const doc = options.document ?? document.implementation.createHTMLDocument('frame')
  const config = readConfig(
    options.search ??
      `?projectId=${server.projectId}&chainId=31337&rpcUrl=http://127.0.0.1:8545&version=test`,
    options.apiUrl ?? FAKE_API,
  )
  const state = { reloads: 0 }
  const composed = composeFrame({
    config,
    self,
    parent,
    ancestorOrigins: options.ancestorOrigins ?? null,
    document: doc,
    storage,
    indexedDB: storage.indexedDB,
    ...(options.apiUrl === undefined && { fetch: server.fetch }),
    reload: () => {
      state.reloads++
    },
    isTrusted: () => true,
    approveDelayMs: 0,
    visibility: { observer: fakeObserver().factory, tracksVisibility: true },
    ...(options.sleep && { sleep: options.sleep }),
    ...(options.now && { now: options.now }),
  })
  if (!options.noStart) await composed.frame.start()

  const harness: Harness = {
    ...composed,
    server,
    storage,
    config,
    parent,
    self,
    doc,
    posted,
    get reloads() {
      return state.reloads
    },
    async send(type, payload = {}, { origin = HOST, source = parent, id = randomUUID() } = {}) {
      const data = { channel: CHANNEL, type, id, payload }
      await composed.frame.onMessage({ source, origin, data })
      return posted.find((p) => p.message.id === id)
    },
    button(which) {
      const button = doc.querySelector<HTMLButtonElement>(`[data-testid="frame-${which}"]`)
      if (!button) throw new Error(`no ${which} button`)
      return button
    },
    async approvalShown() {
      for (let i = 0; i < 500; i++) {
        const root = doc.querySelector<HTMLElement>('.lk-approval')
        if (
          root &&
          !root.hidden &&
          harness.button('approve').getAttribute('aria-disabled') === 'false'
        )
          return
        await new Promise((r) => setTimeout(r, 2))
      }
      throw new Error('no approval appeared')
    },
  }
  return harness
}

/** Signs in through the frame: email, code from the fake mailbox, OTP. */
export async function signIn(harness: Harness, email = 'visitor@example.com') {
  const started = await harness.send('APP_CONNECT_EMAIL', { email })
  if (started?.message.type !== 'FRAME_CONNECT_EMAIL_SUCCESS') {
    throw new Error(`email failed: ${JSON.stringify(started?.message)}`)
  }
  const otp = harness.server.lastOtp(email)
  const done = await harness.send('APP_CONNECT_OTP', { otp })
  if (done?.message.type !== 'FRAME_CONNECT_OTP_SUCCESS') {
    throw new Error(`otp failed: ${JSON.stringify(done?.message)}`)
  }
}

/** A frame signed in by email (signIn), and the EVM address it answers eth_accounts with. */
export async function signedInFrame(options: HarnessOptions = {}) {
  const h = await createHarness(options)
  await signIn(h)
  const accounts = ok(await h.send('APP_RPC_REQUEST', { method: 'eth_accounts' }))
  const [address] = accounts.result as string[]
  if (!address) throw new Error('signed in, but no account')
  return { h, address }
}

/** The payload of a success reply; throws on anything else. */
export function ok(reply: Posted | undefined) {
  if (!reply?.message.type.endsWith('_SUCCESS')) {
    throw new Error(`expected success, got ${JSON.stringify(reply?.message)}`)
  }
  return reply.message.payload as Record<string, unknown>
}

/** The payload of an error reply; throws on anything else. */
export function failure(reply: Posted | undefined) {
  if (!reply?.message.type.endsWith('_ERROR')) {
    throw new Error(`expected an error, got ${JSON.stringify(reply?.message)}`)
  }
  return reply.message.payload as { message: string; code?: number }
}
