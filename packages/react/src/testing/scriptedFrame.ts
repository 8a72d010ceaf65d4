// Test support only: the embedded wallet's frame, played in jsdom. The instance's own frame
// client (packages/frame host.ts) makes its iframe as in a browser; jsdom loads nothing into it
// and does not carry postMessage between windows, so the frame's side is played here, as in
// packages/frame's host.test.ts: what the host posts is read off the frame window, and the
// frame's answers are MessageEvents on the page's window with the frame's window as source.
import { onTestFinished } from 'vitest'
import {
  type AppEventType,
  type AppMessage,
  CHANNEL,
  errorType,
  PROTOCOL_VERSION,
  successType,
} from '../../../frame/src/exports/protocol.ts'

/** The frame's answer to a request: its reply payload (or a promise of it); a throw is its error */
export type FrameAnswer = (payload: unknown) => unknown

/** Thrown by an answer: the frame answers FRAME_*_ERROR with this message (and code) */
class FrameRefusal extends Error {
  constructor(
    message: string,
    readonly code?: number,
  ) {
    super(message)
  }
}

/** The frame answers with `payload` */
export const reply =
  (payload: unknown): FrameAnswer =>
  () =>
    payload
/** The frame refuses with `message` (and `code`), as FRAME_*_ERROR */
export const refuse =
  (message: string, code?: number): FrameAnswer =>
  () => {
    throw new FrameRefusal(message, code)
  }

/** Loading the frame syncs the app's data and theme: answered unless the test says otherwise. */
const LOADING: Partial<Record<AppEventType, FrameAnswer>> = {
  APP_SYNC_DAPP_DATA: reply({}),
  APP_SYNC_THEME: reply({}),
}

/**
 * The next frame the page makes answers FRAME_READY, then each request from `answers` (one
 * without an answer is refused); once it has answered APP_RELOAD it says FRAME_READY again, as
 * its reloaded page would. `requests` lists what the host asked, loading aside (`all` has
 * those too); `iframe` is the frame element once made.
 */
export function scriptedFrame(answers: Partial<Record<AppEventType, FrameAnswer>> = {}) {
  const replies = { ...LOADING, ...answers }
  const requests: [AppEventType, unknown][] = []
  const all: AppEventType[] = []
  const state: { iframe?: HTMLIFrameElement } = {}
  const ready = { channel: CHANNEL, type: 'FRAME_READY', payload: { version: PROTOCOL_VERSION } }

  function play(iframe: HTMLIFrameElement) {
    const frame = iframe.contentWindow
    if (!frame) throw new Error('jsdom gave the frame no window')
    const origin = new URL(iframe.src).origin
    const send = (data: unknown) =>
      window.dispatchEvent(new MessageEvent('message', { data, origin, source: frame }))
    frame.postMessage = ((message: AppMessage) => {
      const { type, id, payload } = message
      all.push(type)
      if (!(type in LOADING)) requests.push([type, payload])
      const answer = replies[type]
      Promise.resolve()
        .then(() => {
          if (!answer) throw new FrameRefusal(`unexpected ${type}`)
          return answer(payload)
        })
        .then(
          (reply) => {
            send({ channel: CHANNEL, type: successType(type), id, payload: reply })
            if (type === 'APP_RELOAD') setTimeout(() => send(ready), 0)
          },
          (error: unknown) => {
            const { message, code } = error as FrameRefusal
            send({ channel: CHANNEL, type: errorType(type), id, payload: { message, code } })
          },
        )
    }) as typeof frame.postMessage
    send(ready)
  }

  // The client appends its iframe and listens for messages in the same task: the observer runs
  // after both.
  const observer = new MutationObserver(() => {
    if (state.iframe) return
    const iframe = document.querySelector<HTMLIFrameElement>('iframe[data-latchkey-frame]')
    if (!iframe) return
    state.iframe = iframe
    observer.disconnect()
    play(iframe)
  })
  observer.observe(document.body, { childList: true })
  onTestFinished(() => {
    observer.disconnect()
    state.iframe?.remove()
  })
  return {
    requests,
    all,
    get iframe() {
      return state.iframe
    },
  }
}

/** An answer the test gives by hand, to look at the view while the frame has not answered */
export function heldAnswer(value: unknown = {}) {
  let give: () => void = () => undefined
  const answer: FrameAnswer = () => new Promise((resolve) => (give = () => resolve(value)))
  return { answer, give: () => give() }
}
