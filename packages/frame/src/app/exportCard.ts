// The key export card inside the frame document (issue 30): a warning the visitor confirms, then
// the key, masked until a trusted press on Reveal is held (pointer or Space/Enter) and masked
// again on release; Copy writes it to the clipboard. The key exists only in this card's closure
// and, while held, in its text; the page hears only that the card closed.
import { FrameError } from '../frameError.ts'
import { USER_REJECTED } from '../protocol/rpcRules.ts'
import { element } from './approval.ts'
import { cardRequest } from './cardRequest.ts'
import { createLanguage, type Language } from './i18n/language.ts'
import { FreshFactorNeeded, type KeySecret } from './keySecret.ts'

/** A code to the visitor's email, for a sign-in older than the server allows (keySecret.ts) */
export interface Reverify {
  send(): Promise<void>
  confirm(otp: string): Promise<void>
}

export interface ExportCard {
  /**
   * Shows the warning; after the visitor confirms it, `reveal` fetches the key (its failure is
   * shown and Show key stays for another try; FreshFactorNeeded asks for a code by `reverify`,
   * then fetches again). Resolves on Done; Cancel or Escape reject with 'User rejected the
   * request' (4001), `signal` with ApprovalAborted.
   */
  run(signal: AbortSignal, reveal: () => Promise<KeySecret>, reverify?: Reverify): Promise<void>
}

export interface ExportCardOptions {
  isTrusted?: (event: Event) => boolean
  writeText?: (text: string) => Promise<void>
  log?: (message: string, detail?: unknown) => void
  /** The words' language (i18n/language.ts); English by default */
  language?: Language
}

const MASK = '•'

export function createExportCard(doc: Document, options: ExportCardOptions = {}): ExportCard {
  const isTrusted = options.isTrusted ?? ((event: Event) => event.isTrusted)
  const writeText =
    options.writeText ?? ((text: string) => doc.defaultView?.navigator.clipboard.writeText(text))
  const log = options.log ?? (() => {})
  const language = options.language ?? createLanguage()
  const words = () => language.texts().export

  const root = element(doc, 'div', 'lk-approval')
  root.hidden = true
  const card = element(doc, 'section', 'lk-card')
  card.setAttribute('role', 'dialog')
  card.setAttribute('aria-modal', 'true')
  card.setAttribute('aria-labelledby', 'lk-export-title')
  card.setAttribute('aria-describedby', 'lk-export-warning')
  card.dataset.testid = 'frame-export'
  const title = element(doc, 'h1', 'lk-title')
  title.id = 'lk-export-title'
  const warning = element(doc, 'p', 'lk-ask')
  warning.id = 'lk-export-warning'
  const understand = element(doc, 'label', 'lk-check')
  const checkbox = element(doc, 'input')
  checkbox.type = 'checkbox'
  checkbox.dataset.testid = 'frame-export-understand'
  const understandText = doc.createTextNode('')
  understand.append(checkbox, understandText)
  const secret = element(doc, 'p', 'lk-block lk-mono lk-secret')
  secret.dir = 'ltr'
  secret.dataset.testid = 'frame-export-key'
  const status = element(doc, 'p', 'lk-hint')
  status.setAttribute('role', 'status')
  status.dataset.testid = 'frame-export-status'
  const button = (className: string, testId: string) => {
    const node = element(doc, 'button', `lk-button ${className}`)
    node.type = 'button'
    node.dataset.testid = testId
    return node
  }
  const cancel = button('lk-reject', 'frame-export-cancel')
  const show = button('lk-approve', 'frame-export-show')
  const reveal = button('lk-reject', 'frame-export-reveal')
  const copy = button('lk-reject', 'frame-export-copy')
  const done = button('lk-approve', 'frame-export-done')
  const sendCode = button('lk-approve', 'frame-export-send-code')
  const code = element(doc, 'input', 'lk-code')
  code.inputMode = 'numeric'
  code.autocomplete = 'one-time-code'
  code.maxLength = 6
  code.dataset.testid = 'frame-export-code'
  const confirmCode = button('lk-approve', 'frame-export-confirm-code')
  const warnButtons = element(doc, 'div', 'lk-buttons')
  warnButtons.append(cancel, show, sendCode, confirmCode)
  const keyButtons = element(doc, 'div', 'lk-buttons')
  keyButtons.append(reveal, copy)
  card.append(title, warning, understand, code, secret, warnButtons, keyButtons, done, status)
  root.append(card)
  doc.body.append(root)

  /** The card's words in the language shown when it opens */
  function label() {
    const shown = words()
    title.textContent = shown.title
    warning.textContent = shown.warning
    understandText.data = shown.understand
    secret.setAttribute('aria-label', shown.keyLabel)
    code.setAttribute('aria-label', shown.codeLabel)
    const texts: [HTMLButtonElement, string][] = [
      [cancel, shown.cancel],
      [show, shown.show],
      [reveal, shown.reveal],
      [copy, shown.copy],
      [done, shown.done],
      [sendCode, shown.sendCode],
      [confirmCode, shown.confirmCode],
    ]
    for (const [node, text] of texts) node.textContent = text
  }

  interface Open {
    start(): void
    sendCode(): void
    confirmCode(): void
    cancel(): void
    finish(): void
  }
  let current: Open | null = null
  /** The key while the card shows it; '' otherwise */
  let key = ''

  function step(name: 'warn' | 'send' | 'code' | 'key') {
    card.dataset.step = name
    for (const node of [warning, understand, show]) node.hidden = name !== 'warn'
    warnButtons.hidden = name === 'key'
    sendCode.hidden = name !== 'send'
    for (const node of [code, confirmCode]) node.hidden = name !== 'code'
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
  sendCode.addEventListener('click', (event) => {
    if (isTrusted(event)) current?.sendCode()
  })
  confirmCode.addEventListener('click', (event) => {
    if (isTrusted(event)) current?.confirmCode()
  })
  code.addEventListener('keydown', (event) => {
    if (event.key === 'Enter' && isTrusted(event)) current?.confirmCode()
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
        status.textContent = words().copied
      },
      (error: unknown) => {
        log('the key could not be copied', error)
        status.textContent = words().copyFailed
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
    code.value = ''
    checkbox.checked = false
    root.hidden = true
    doc.documentElement.removeAttribute('data-approval')
  }

  return {
    run(signal, fetchKey, reverify) {
      if (current) return Promise.reject(new FrameError('A key export is open already'))
      return cardRequest<void>(signal, hide, ({ settle, resolve, reject }) => {
        let busy = false
        /** Runs `task` unless one runs; its failure is said in the status line */
        const attempt = (task: () => Promise<void>) => {
          if (busy) return
          busy = true
          task()
            .catch((error: unknown) => {
              if (current !== open) return
              log('the key export failed', error)
              status.textContent = error instanceof Error ? error.message : String(error)
              if (error instanceof FreshFactorNeeded && reverify) {
                status.textContent = words().freshFactor
                step('send')
                sendCode.focus()
              }
            })
            .finally(() => {
              busy = false
              syncShow()
            })
        }
        const showKey = async () => {
          show.setAttribute('aria-disabled', 'true')
          status.textContent = words().working
          const { secret: value } = await fetchKey()
          if (current !== open) return
          key = value
          status.textContent = ''
          step('key')
          mask()
          reveal.focus()
        }
        const open: Open = {
          start: () => attempt(showKey),
          sendCode: () =>
            attempt(async () => {
              await reverify?.send()
              if (current !== open) return
              status.textContent = words().codeSent
              step('code')
              code.focus()
            }),
          confirmCode: () =>
            attempt(async () => {
              const otp = code.value.trim()
              if (!/^\d{6}$/.test(otp)) throw new Error(words().codeInvalid)
              await reverify?.confirm(otp)
              if (current !== open) return
              code.value = ''
              await showKey()
            }),
          cancel: () => settle(() => reject(new FrameError(USER_REJECTED, 4001))),
          finish: () => settle(resolve),
        }
        current = open
        label()
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
