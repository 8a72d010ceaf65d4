// The key export card inside the frame document (issue 30): a warning the visitor confirms, then
// the key, masked until a trusted press on Reveal is held (pointer or Space/Enter) and masked
// again on release; Copy writes it to the clipboard. The key exists only in this card's closure
// and, while held, in its text; the page hears only that the card closed.
import { FrameError } from '../frameError.ts'
import { USER_REJECTED } from '../protocol/rpcRules.ts'
import { ApprovalAborted, element } from './approval.ts'
import type { KeySecret } from './keySecret.ts'
import { EXPORT_TEXT } from './texts.ts'

export interface ExportCard {
  /**
   * Shows the warning; after the visitor confirms it, `reveal` fetches the key (its failure is
   * shown and Show key stays for another try). Resolves on Done; Cancel or Escape reject with
   * 'User rejected the request' (4001), `signal` with ApprovalAborted.
   */
  run(signal: AbortSignal, reveal: () => Promise<KeySecret>): Promise<void>
}

export interface ExportCardOptions {
  isTrusted?: (event: Event) => boolean
  writeText?: (text: string) => Promise<void>
  log?: (message: string, detail?: unknown) => void
}

const MASK = '•'

export function createExportCard(doc: Document, options: ExportCardOptions = {}): ExportCard {
  const isTrusted = options.isTrusted ?? ((event: Event) => event.isTrusted)
  const writeText =
    options.writeText ?? ((text: string) => doc.defaultView?.navigator.clipboard.writeText(text))
  const log = options.log ?? (() => {})

  const root = element(doc, 'div', 'lk-approval')
  root.hidden = true
  const card = element(doc, 'section', 'lk-card')
  card.setAttribute('role', 'dialog')
  card.setAttribute('aria-modal', 'true')
  card.setAttribute('aria-labelledby', 'lk-export-title')
  card.setAttribute('aria-describedby', 'lk-export-warning')
  card.dataset.testid = 'frame-export'
  const title = element(doc, 'h1', 'lk-title', EXPORT_TEXT.title)
  title.id = 'lk-export-title'
  const warning = element(doc, 'p', 'lk-ask', EXPORT_TEXT.warning)
  warning.id = 'lk-export-warning'
  const understand = element(doc, 'label', 'lk-check')
  const checkbox = element(doc, 'input')
  checkbox.type = 'checkbox'
  checkbox.dataset.testid = 'frame-export-understand'
  understand.append(checkbox, doc.createTextNode(EXPORT_TEXT.understand))
  const secret = element(doc, 'p', 'lk-block lk-mono lk-secret')
  secret.dir = 'ltr'
  secret.setAttribute('aria-label', EXPORT_TEXT.keyLabel)
  secret.dataset.testid = 'frame-export-key'
  const status = element(doc, 'p', 'lk-hint')
  status.setAttribute('role', 'status')
  status.dataset.testid = 'frame-export-status'
  const button = (text: string, className: string, testId: string) => {
    const node = element(doc, 'button', `lk-button ${className}`, text)
    node.type = 'button'
    node.dataset.testid = testId
    return node
  }
  const cancel = button(EXPORT_TEXT.cancel, 'lk-reject', 'frame-export-cancel')
  const show = button(EXPORT_TEXT.show, 'lk-approve', 'frame-export-show')
  const reveal = button(EXPORT_TEXT.reveal, 'lk-reject', 'frame-export-reveal')
  const copy = button(EXPORT_TEXT.copy, 'lk-reject', 'frame-export-copy')
  const done = button(EXPORT_TEXT.done, 'lk-approve', 'frame-export-done')
  const warnButtons = element(doc, 'div', 'lk-buttons')
  warnButtons.append(cancel, show)
  const keyButtons = element(doc, 'div', 'lk-buttons')
  keyButtons.append(reveal, copy)
  card.append(title, warning, understand, secret, warnButtons, keyButtons, done, status)
  root.append(card)
  doc.body.append(root)

  interface Open {
    start(): void
    cancel(): void
    finish(): void
  }
  let current: Open | null = null
  /** The key while the card shows it; '' otherwise */
  let key = ''

  function step(name: 'warn' | 'key') {
    card.dataset.step = name
    for (const node of [warning, understand, warnButtons]) node.hidden = name !== 'warn'
    for (const node of [secret, keyButtons, done]) node.hidden = name !== 'key'
  }
  const mask = () => {
    secret.textContent = MASK.repeat(key ? 24 : 0)
    reveal.setAttribute('aria-pressed', 'false')
  }
  const unmask = () => {
    if (!key) return
    secret.textContent = key
    reveal.setAttribute('aria-pressed', 'true')
  }
  const syncShow = () => {
    if (checkbox.checked) show.removeAttribute('aria-disabled')
    else show.setAttribute('aria-disabled', 'true')
  }

  checkbox.addEventListener('change', syncShow)
  show.addEventListener('click', (event) => {
    if (isTrusted(event) && checkbox.checked) current?.start()
  })
  cancel.addEventListener('click', (event) => {
    if (isTrusted(event)) current?.cancel()
  })
  done.addEventListener('click', (event) => {
    if (isTrusted(event)) current?.finish()
  })
  reveal.addEventListener('pointerdown', (event) => {
    if (isTrusted(event)) unmask()
  })
  for (const type of ['pointerup', 'pointerleave', 'pointercancel', 'blur'] as const) {
    reveal.addEventListener(type, mask)
  }
  reveal.addEventListener('keydown', (event) => {
    if ((event.key === ' ' || event.key === 'Enter') && isTrusted(event)) {
      event.preventDefault()
      unmask()
    }
  })
  reveal.addEventListener('keyup', mask)
  copy.addEventListener('click', (event) => {
    if (!isTrusted(event) || !key) return
    Promise.resolve(writeText(key)).then(
      () => {
        status.textContent = EXPORT_TEXT.copied
      },
      (error: unknown) => {
        log('the key could not be copied', error)
        status.textContent = EXPORT_TEXT.copyFailed
      },
    )
  })
  doc.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && isTrusted(event)) current?.cancel()
  })
  doc.defaultView?.addEventListener('pagehide', () => current?.cancel())

  function hide() {
    current = null
    key = ''
    secret.textContent = ''
    checkbox.checked = false
    root.hidden = true
    doc.documentElement.removeAttribute('data-approval')
  }

  return {
    run(signal, fetchKey) {
      if (current) return Promise.reject(new FrameError('A key export is open already'))
      if (signal.aborted) return Promise.reject(new ApprovalAborted('Request was aborted'))
      return new Promise((resolve, reject) => {
        let busy = false
        const onAbort = () => {
          hide()
          reject(new ApprovalAborted('Request was aborted'))
        }
        const settle = (end: () => void) => {
          signal.removeEventListener('abort', onAbort)
          hide()
          end()
        }
        signal.addEventListener('abort', onAbort, { once: true })
        const open: Open = {
          start() {
            if (busy) return
            busy = true
            show.setAttribute('aria-disabled', 'true')
            status.textContent = EXPORT_TEXT.working
            fetchKey().then(
              ({ secret: value }) => {
                busy = false
                if (current !== open) return
                key = value
                status.textContent = ''
                step('key')
                mask()
                reveal.focus()
              },
              (error: unknown) => {
                busy = false
                if (current !== open) return
                log('the key could not be exported', error)
                syncShow()
                status.textContent = error instanceof Error ? error.message : String(error)
              },
            )
          },
          cancel: () => settle(() => reject(new FrameError(USER_REJECTED, 4001))),
          finish: () => settle(resolve),
        }
        current = open
        step('warn')
        checkbox.checked = false
        syncShow()
        status.textContent = ''
        root.hidden = false
        doc.documentElement.setAttribute('data-approval', 'open')
        checkbox.focus()
      })
    },
  }
}
