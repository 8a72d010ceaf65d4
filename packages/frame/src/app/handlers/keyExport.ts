// Key export (issue 30): the page asks, the frame's own card shows the key (exportCard.ts) after
// the visitor confirms its warning; the server records the export first (keySecret.ts). The page
// hears only that the card closed (or was cancelled), never the key.
import { FrameError } from '../../frameError.ts'
import { exportKeySecret, reverifyApi } from '../keySecret.ts'
import type { FrameState } from './state.ts'
import type { HandlerDeps, HandlerTable } from './types.ts'

export const KEY_EXPORT_UNAVAILABLE = 'Key export is not available here'

export function keyExportHandlers(deps: HandlerDeps, state: FrameState) {
  const { api, wallet, log } = deps
  const codes = reverifyApi(api)
  /** The card on show, if any */
  let open: AbortController | null = null

  return {
    async APP_EXPORT_KEY({ namespace }) {
      const card = deps.exportCard
      if (!card) throw new FrameError(KEY_EXPORT_UNAVAILABLE)
      // Signed in (NotConnectedError otherwise) before the card shows
      await wallet.unlock()
      const controller = new AbortController()
      state.pendingRpc.add(controller)
      open = controller
      try {
        let challengeId = ''
        await card.run(
          controller.signal,
          () => wallet.withSession((token) => exportKeySecret(api, token, namespace)),
          {
            send: async () => {
              challengeId = await wallet.withSession((token) => codes.send(token))
            },
            confirm: (otp) => wallet.withSession((token) => codes.confirm(token, challengeId, otp)),
          },
        )
        log.info(`the ${namespace} key was exported`)
        return {}
      } finally {
        state.pendingRpc.delete(controller)
        if (open === controller) open = null
      }
    },

    async APP_CANCEL_EXPORT() {
      open?.abort()
      return {}
    },
  } satisfies Partial<HandlerTable>
}
