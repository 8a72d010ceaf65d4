// What the page tells the frame about itself: its theme, its name and icon (shown on the
// approval card), and that the frame should reload.
import type { FrameState } from './state.ts'
import type { HandlerDeps, HandlerTable } from './types.ts'

export function pageHandlers(deps: HandlerDeps, state: FrameState) {
  const { log, config } = deps
  return {
    // Answered once the language's words are in: a card asked for next shows in them.
    async APP_SYNC_THEME(theme) {
      deps.applyTheme(theme)
      if (theme.locale !== undefined) await deps.setLocale(theme.locale)
      return {}
    },

    async APP_SYNC_DAPP_DATA({ projectId, metadata }) {
      if (projectId && projectId !== config.projectId) {
        log.warn(`the page names project ${projectId}, the frame serves ${config.projectId}`)
      }
      state.dapp = {
        ...(metadata?.name && { name: metadata.name }),
        ...(metadata?.icons?.[0] && { icon: metadata.icons[0] }),
      }
      return {}
    },

    // The reload itself runs after the reply is posted (handlers.ts); a Farcaster sign-in
    // waiting stops now, not with the page.
    async APP_RELOAD() {
      state.dropFarcaster()
      return {}
    },
  } satisfies Partial<HandlerTable>
}
