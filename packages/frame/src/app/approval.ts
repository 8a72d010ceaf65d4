// The approval card inside the frame document (§6: the visitor approves each unsafe request in
// the frame). Only a trusted click (or key press) on the frame's own Approve button approves;
// the host page cannot reach this document. One request at a time; others wait in a queue.
// Everything shown is set as text, never as HTML. Approve also waits until the card has been
// visible and still (visibility.ts); where the browser cannot vouch for that, a value transfer
// takes a second step, Confirm, on the other side of the card.
import { APPROVE_DELAY_MS } from './config.ts'
import { createLanguage, fill, type Language } from './i18n/language.ts'
import type { Detail } from './signingRequest.ts'
import type { CardText, Phrase } from './texts.ts'
import { createVisibilityGuard, type VisibilityGuardOptions } from './visibility.ts'

export interface ApprovalView {
  title: CardText
  /** "<who> asks you to <action>" */
  action: Phrase
  /** The requesting origin (event.origin): what the browser vouches for */
  origin: string
  /** The host's claims (APP_SYNC_DAPP_DATA), shown as such */
  dappName?: string | undefined
  dappIcon?: string | undefined
  details: Detail[]
}

export class ApprovalAborted extends Error {
  override name = 'ApprovalAborted'
}

export interface ApprovalUi {
  /** Resolves true on Approve, false on Reject; rejects with ApprovalAborted on `signal`. */
  request(view: ApprovalView, signal: AbortSignal): Promise<boolean>
  /** Requests shown or waiting */
  pending(): number
}

export interface ApprovalOptions {
  /** Whether an event came from the person; `event.isTrusted` (tests substitute their own). */
  isTrusted?: (event: Event) => boolean
  approveDelayMs?: number
  /** The visibility guard's parts (observer, clock); the browser's by default */
  visibility?: Omit<VisibilityGuardOptions, 'onChange' | 'requiredMs'>
  /** The words' language (i18n/language.ts); English by default */
  language?: Language
}

/**
 * Details only a request that may move value has: a transaction (EVM value or calls, Solana
 * transfers), a batch of calls, a grant to spend without asking.
 */
const TRANSACTION_LABELS = new Set<CardText>([
  'Value',
  'Data',
  'Fee payer',
  'Transfer',
  'Transactions',
  'Call {index} of {count}',
  'Without asking',
])
const movesValue = (view: ApprovalView) =>
  view.details.some((d) =>
    TRANSACTION_LABELS.has(typeof d.label === 'string' ? d.label : d.label.text),
  )

interface Entry {
  view: ApprovalView
  signal: AbortSignal
  settle(approved: boolean): void
  onAbort(): void
}

/** A detail's value as shown: data as it is, words in `language`, lines as "label: value" */
export function detailText(language: Language, value: Detail['value']): string {
  if (typeof value === 'string') return value
  if (!Array.isArray(value)) return language.say(value)
  return value
    .map((line) => `${language.say(line.label)}: ${detailText(language, line.value)}`)
    .join('\n')
}

export function element<K extends keyof HTMLElementTagNameMap>(
  doc: Document,
  tag: K,
  className?: string,
  text?: string,
): HTMLElementTagNameMap[K] {
  const node = doc.createElement(tag)
  if (className) node.className = className
  if (text !== undefined) node.textContent = text
  return node
}

/** Icons only over https, or from the requesting origin itself (local development). */
export function safeIconUrl(icon: string | undefined, origin: string): string | undefined {
  if (!icon) return undefined
  try {
    const url = new URL(icon)
    if (url.protocol === 'https:' || url.origin === origin) return url.toString()
  } catch {
    // not a URL
  }
  return undefined
}

export function createApprovalUi(doc: Document, options: ApprovalOptions = {}): ApprovalUi {
  const isTrusted = options.isTrusted ?? ((event: Event) => event.isTrusted)
  const approveDelayMs = options.approveDelayMs ?? APPROVE_DELAY_MS
  const language = options.language ?? createLanguage()
  const words = () => language.texts().approval
  const queue: Entry[] = []
  /** The shown request is on its second step (Confirm) */
  let confirming = false

  const root = element(doc, 'div', 'lk-approval')
  root.hidden = true
  const card = element(doc, 'section', 'lk-card')
  card.setAttribute('role', 'dialog')
  card.setAttribute('aria-modal', 'true')
  card.setAttribute('aria-labelledby', 'lk-approval-title')
  card.setAttribute('aria-describedby', 'lk-approval-requester')
  card.dataset.testid = 'frame-approval'
  const title = element(doc, 'h1', 'lk-title')
  title.id = 'lk-approval-title'
  const requester = element(doc, 'div', 'lk-requester')
  requester.id = 'lk-approval-requester'
  const details = element(doc, 'dl', 'lk-details')
  const queued = element(doc, 'p', 'lk-queued')
  queued.setAttribute('aria-live', 'polite')
  const buttons = element(doc, 'div', 'lk-buttons')
  const reject = element(doc, 'button', 'lk-button lk-reject')
  reject.type = 'button'
  reject.dataset.testid = 'frame-reject'
  const approve = element(doc, 'button', 'lk-button lk-approve')
  approve.type = 'button'
  approve.dataset.testid = 'frame-approve'
  buttons.append(reject, approve)
  const hint = element(doc, 'p', 'lk-hint')
  hint.id = 'lk-approval-hint'
  hint.dataset.testid = 'frame-approve-hint'
  card.append(title, requester, details, queued, buttons, hint)
  root.append(card)
  doc.body.append(root)

  const guard = createVisibilityGuard({
    ...options.visibility,
    requiredMs: approveDelayMs,
    onChange: () => showReady(),
  })
  guard.watch(card)
  doc.addEventListener('visibilitychange', () =>
    guard.pageVisible(doc.visibilityState !== 'hidden'),
  )

  /** Approve is off (aria-disabled, so it keeps focus and says why) until the guard is ready. */
  function showReady() {
    const ready = queue.length > 0 && guard.ready()
    approve.setAttribute('aria-disabled', String(!ready))
    if (ready) approve.removeAttribute('aria-describedby')
    else approve.setAttribute('aria-describedby', hint.id)
    hint.textContent = confirming ? words().confirmStep : ready ? '' : words().waiting
  }

  function showStep() {
    approve.textContent = confirming ? words().confirm : words().approve
    reject.textContent = confirming ? words().back : words().reject
    // Confirm sits where Reject was: a second click at Approve's spot goes Back, not through.
    // Reordered only when the step changes.
    const [first, second] = confirming ? [approve, reject] : [reject, approve]
    if (buttons.firstElementChild !== first) buttons.replaceChildren(first, second)
    card.dataset.step = confirming ? 'confirm' : 'approve'
    guard.restart()
    showReady()
  }

  function showWaiting() {
    const waiting = queue.length - 1
    queued.textContent = waiting > 0 ? language.count(words().waitingRequests, waiting) : ''
  }

  function render() {
    const head = queue[0]
    confirming = false
    if (!head) {
      showStep()
      root.hidden = true
      doc.documentElement.removeAttribute('data-approval')
      details.replaceChildren()
      return
    }
    const { view } = head
    title.textContent = language.say(view.title)
    const who = element(doc, 'p', 'lk-origin', view.origin)
    who.dataset.testid = 'frame-origin'
    // Origins, addresses and hex read left to right inside a right-to-left card.
    who.dir = 'ltr'
    const line = element(
      doc,
      'p',
      'lk-ask',
      // The name is the page's claim; the origin above it is what the browser vouches for.
      fill(words().asks, {
        who: view.dappName ?? words().thisSite,
        action: language.say(view.action),
      }),
    )
    const header = element(doc, 'div', 'lk-who')
    const icon = safeIconUrl(view.dappIcon, view.origin)
    if (icon) {
      const img = element(doc, 'img', 'lk-icon')
      img.alt = ''
      img.referrerPolicy = 'no-referrer'
      img.src = icon
      header.append(img)
    }
    header.append(who)
    requester.replaceChildren(header, line)
    details.replaceChildren(
      ...view.details.flatMap((detail) => {
        const term = element(doc, 'dt', undefined, language.say(detail.label))
        const value = element(
          doc,
          detail.block ? 'pre' : 'span',
          `${detail.mono ? 'lk-mono' : ''} ${detail.block ? 'lk-block' : ''}`.trim(),
          detailText(language, detail.value),
        )
        if (detail.mono) value.dir = 'ltr'
        const description = element(doc, 'dd')
        description.append(value)
        return [term, description]
      }),
    )
    showWaiting()
    root.hidden = false
    doc.documentElement.setAttribute('data-approval', 'open')
    showStep()
    reject.focus()
  }

  function finish(entry: Entry) {
    const index = queue.indexOf(entry)
    if (index === -1) return
    queue.splice(index, 1)
    entry.signal.removeEventListener('abort', entry.onAbort)
    if (index === 0) render()
    else showWaiting()
  }

  function decide(approved: boolean, event: Event) {
    const head = queue[0]
    if (!head || !isTrusted(event)) return
    if (approved && !guard.ready()) return showReady()
    if (!approved && confirming && event.type === 'click') {
      confirming = false
      return showStep()
    }
    if (approved && !confirming && !guard.tracksVisibility && movesValue(head.view)) {
      confirming = true
      showStep()
      approve.focus()
      return
    }
    finish(head)
    head.settle(approved)
  }

  approve.addEventListener('click', (event) => decide(true, event))
  reject.addEventListener('click', (event) => decide(false, event))
  doc.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && queue.length > 0) decide(false, event)
  })

  return {
    request(view, signal) {
      return new Promise<boolean>((resolve, reject) => {
        if (signal.aborted) {
          reject(new ApprovalAborted('Request was aborted'))
          return
        }
        const entry: Entry = {
          view,
          signal,
          settle: resolve,
          onAbort: () => {
            finish(entry)
            reject(new ApprovalAborted('Request was aborted'))
          },
        }
        signal.addEventListener('abort', entry.onAbort, { once: true })
        queue.push(entry)
        if (queue.length === 1) render()
        else showWaiting()
      })
    },
    pending: () => queue.length,
  }
}
