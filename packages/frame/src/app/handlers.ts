// One handler per app event (§7 "Embedded wallet"), in groups under handlers/: login (and
// Farcaster's), the account, the page's RPC requests, what the page syncs. Each answers
// FRAME_<X>_SUCCESS with the reply its schema promises, or FRAME_<X>_ERROR { message, code? };
// here the reply is checked against its schema and its size before it leaves.

import { FrameError } from '../frameError.ts'
import { AppEvents, type AppEventType, errorType, successType } from '../protocol/appEvents.ts'
import { type AppMessage, CHANNEL, MAX_MESSAGE_BYTES } from '../protocol/messages.ts'
import { describeError } from './describeError.ts'
import { RESPONSE_TOO_LARGE, SOMETHING_WENT_WRONG } from './errors.ts'
import { accountHandlers } from './handlers/account.ts'
import { farcasterHandlers } from './handlers/farcaster.ts'
import { keyExportHandlers } from './handlers/keyExport.ts'
import { loginHandlers } from './handlers/login.ts'
import { pageHandlers } from './handlers/page.ts'
import { passkeyHandlers } from './handlers/passkeys.ts'
import { rpcHandlers } from './handlers/rpc.ts'
import { smartAccountHandlers } from './handlers/smartAccount.ts'
import { createSocialSession } from './handlers/socialSession.ts'
import { createFrameState } from './handlers/state.ts'
import type {
  Context,
  Handled,
  HandlerDeps,
  Handlers,
  HandlerTable,
  Reply,
} from './handlers/types.ts'

export type { Handled, HandlerDeps, Handlers, Reply } from './handlers/types.ts'

export function createHandlers(deps: HandlerDeps): Handlers {
  const { log } = deps
  const state = createFrameState(deps)
  const social = createSocialSession(deps, state)
  const handlers: HandlerTable = {
    ...loginHandlers(deps, state, social),
    ...farcasterHandlers(deps, state, social),
    ...accountHandlers(deps, state),
    ...smartAccountHandlers(deps, state),
    ...rpcHandlers(deps, state),
    ...pageHandlers(deps, state),
    ...passkeyHandlers(deps, state, social),
    ...keyExportHandlers(deps, state),
  }

  function errorReply(type: AppEventType, id: string, error: unknown): Reply {
    const { message, code } = describeError(error, log)
    return {
      channel: CHANNEL,
      type: errorType(type),
      id,
      payload: { message, ...(code !== undefined && { code }) },
    }
  }

  async function handle(message: AppMessage, origin: string): Promise<Handled> {
    const { type, id } = message
    const run = handlers[type] as (payload: unknown, context: Context) => Promise<unknown>
    let payload: unknown
    try {
      payload = await run(message.payload, { id, origin })
    } catch (error) {
      return { reply: errorReply(type, id, error) }
    }
    const checked = AppEvents[type].reply.safeParse(payload)
    if (!checked.success) {
      log.error(`the reply to ${type} does not fit its schema`)
      return { reply: errorReply(type, id, new FrameError(SOMETHING_WENT_WRONG)) }
    }
    const reply: Reply = { channel: CHANNEL, type: successType(type), id, payload: checked.data }
    let size = Number.POSITIVE_INFINITY
    try {
      size = JSON.stringify(reply).length
    } catch {
      // not serialisable: too large by definition
    }
    if (size > MAX_MESSAGE_BYTES) {
      return { reply: errorReply(type, id, new FrameError(RESPONSE_TOO_LARGE)) }
    }
    return type === 'APP_RELOAD' ? { reply, after: () => deps.reload() } : { reply }
  }

  return { handle }
}
