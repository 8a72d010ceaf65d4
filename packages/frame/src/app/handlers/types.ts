import type { AppEventType, AppReply, AppRequest } from '../../protocol/appEvents.ts'
import type { AppMessage, CHANNEL } from '../../protocol/messages.ts'
import type { AuthApi } from '../api.ts'
import type { ApprovalUi } from '../approval.ts'
import type { FrameConfig } from '../config.ts'
import type { ExportCard } from '../exportCard.ts'
import type { Logger } from '../logger.ts'
import type { PasskeyCard } from '../passkeyCard.ts'
import type { KeyValueStore } from '../storage.ts'
import type { WalletState } from '../wallet.ts'

export interface Reply {
  channel: typeof CHANNEL
  type: string
  id: string
  payload: unknown
}

export interface Handled {
  reply: Reply
  /** Runs after the reply was posted (APP_RELOAD) */
  after?: () => void
}

export interface HandlerDeps {
  api: AuthApi
  wallet: WalletState
  store: KeyValueStore
  log: Logger
  config: FrameConfig
  approval: ApprovalUi
  /** The passkey card (issue 30); without it the passkey requests answer that there are none */
  passkeyCard?: PasskeyCard
  /** The key export card (issue 30); without it APP_EXPORT_KEY answers that it is not available */
  exportCard?: ExportCard
  /** navigator.credentials unless given */
  credentials?: CredentialsContainer
  applyTheme(theme: AppRequest<'APP_SYNC_THEME'>): void
  /** The cards' language: a tag the modal speaks, English for any other (i18n/language.ts) */
  setLocale(locale: string | undefined): Promise<void>
  reload(): void
  /** For JSON-RPC reads and the services (composeFrame passes the browser's by default) */
  fetch: typeof fetch
  sleep?: (ms: number) => Promise<void>
  now?: () => number
}

export interface Handlers {
  handle(message: AppMessage, origin: string): Promise<Handled>
}

/** Who asked: the message's id and the page's origin */
export interface Context {
  id: string
  origin: string
}

export type Handler<T extends AppEventType> = (
  payload: AppRequest<T>,
  context: Context,
) => Promise<AppReply<T>>

/** Every app event's handler; each group file fills in its part. */
export type HandlerTable = { [T in AppEventType]: Handler<T> }
