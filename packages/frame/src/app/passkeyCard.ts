// The passkey card inside the frame document (issue 30). WebAuthn runs on the frame's origin and
// wants a user activation in the frame: so the frame shows this card, and only a trusted click
// (or key press) on its own button starts the browser's ceremony. The browser's own passkey
// dialog is what the visitor confirms; the card only hands it the activation. One card at a time.
import { FrameError } from '../frameError.ts'
import { USER_REJECTED } from '../protocol/rpcRules.ts'
import { element } from './approval.ts'
import { cardRequest } from './cardRequest.ts'
import { createLanguage, type Language } from './i18n/language.ts'

/** Adding a passkey, or signing in with one */
export type PasskeyCardView = 'add' | 'signIn'

export interface PasskeyCard {
  /**
   * Shows the card; a trusted click on its button runs `ceremony` (navigator.credentials.*).
   * Resolves with its result. A failed ceremony says so and the button stays for another try;
   * Cancel or Escape rejects with 'User rejected the request' (4001), `signal` with ApprovalAborted.
   */
  run<T>(view: PasskeyCardView, signal: AbortSignal, ceremony: () => Promise<T>): Promise<T>
}

export interface PasskeyCardOptions {
  isTrusted?: (event: Event) => boolean
  log?: (message: string, detail?: unknown) => void
  /** The words' language (i18n/language.ts); English by default */
  language?: Language
}

export function createPasskeyCard(doc: Document, options: PasskeyCardOptions = {}): PasskeyCard {
  const isTrusted = options.isTrusted ?? ((event: Event) => event.isTrusted)
  const log = options.log ?? (() => {})
  const language = options.language ?? createLanguage()
  const words = () => language.texts().passkey
  const root = element(doc, 'div', 'lk-approval')
  root.hidden = true
  const card = element(doc, 'section', 'lk-card')
  card.setAttribute('role', 'dialog')
  card.setAttribute('aria-modal', 'true')
  card.setAttribute('aria-labelledby', 'lk-passkey-title')
  card.dataset.testid = 'frame-passkey'
  const title = element(doc, 'h1', 'lk-title')
  title.id = 'lk-passkey-title'
  const body = element(doc, 'p', 'lk-ask')
  const status = element(doc, 'p', 'lk-hint')
  status.setAttribute('role', 'status')
  status.dataset.testid = 'frame-passkey-status'
  const buttons = element(doc, 'div', 'lk-buttons')
  const cancel = element(doc, 'button', 'lk-button lk-reject')
  cancel.type = 'button'
  cancel.dataset.testid = 'frame-passkey-cancel'
  const go = element(doc, 'button', 'lk-button lk-approve')
  go.type = 'button'
  go.dataset.testid = 'frame-passkey-continue'
  buttons.append(cancel, go)
  card.append(title, body, buttons, status)
  root.append(card)
  doc.body.append(root)

  let current: { start(): void; cancel(): void } | null = null

  go.addEventListener('click', (event) => {
    if (isTrusted(event)) current?.start()
  })
  cancel.addEventListener('click', (event) => {
    if (isTrusted(event)) current?.cancel()
  })
  doc.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && isTrusted(event)) current?.cancel()
  })

  function hide() {
    current = null
    root.hidden = true
    doc.documentElement.removeAttribute('data-approval')
  }

  return {
    run(view, signal, ceremony) {
      if (current) return Promise.reject(new FrameError('A passkey request is open already'))
      return cardRequest(signal, hide, ({ settle, resolve, reject }) => {
        let busy = false
        current = {
          start() {
            if (busy) return
            busy = true
            go.setAttribute('aria-disabled', 'true')
            status.textContent = words().working
            // Called in the click: the browser sees the visitor's activation.
            ceremony().then(
              (result) => settle(() => resolve(result)),
              (error: unknown) => {
                log('the passkey ceremony failed', error)
                busy = false
                go.removeAttribute('aria-disabled')
                status.textContent = words().failed
              },
            )
          },
          cancel: () => settle(() => reject(new FrameError(USER_REJECTED, 4001))),
        }
        const shown = words()
        title.textContent = view === 'add' ? shown.addTitle : shown.signInTitle
        body.textContent = view === 'add' ? shown.addBody : shown.signInBody
        go.textContent = view === 'add' ? shown.addButton : shown.signInButton
        cancel.textContent = shown.cancel
        go.removeAttribute('aria-disabled')
        status.textContent = ''
        root.hidden = false
        doc.documentElement.setAttribute('data-approval', 'open')
        go.focus()
      })
    },
  }
}
