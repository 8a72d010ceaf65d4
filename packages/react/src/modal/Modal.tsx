import { currentRoute, type ViewName } from '@latchkey/core/internal'
import { Suspense, useEffect } from 'react'
import { BackIcon, CloseIcon } from '../icons.tsx'
import { useAppKitInstance } from '../instance.ts'
import type { BaseMessages } from '../messages.ts'
import { useStore } from '../store.ts'
import { themeStyle } from '../theme.ts'
import { useLocale, useMessages } from '../useMessages.ts'
import { preloadViews, viewComponent } from '../views/registry.ts'
import { Alerts } from './Alerts.tsx'
import { Dialog, FocusView } from './Dialog.tsx'
import { Morph } from './Morph.tsx'
import { modalCss } from './styles.ts'
import { Toast } from './Toast.tsx'

const TITLE_ID = 'lk-title'

/** `inline`: in the page's `<appkit-modal>` with enableEmbedded (see mount.tsx). */
export function Modal({ inline = false }: { inline?: boolean }) {
  const appKit = useAppKitInstance()
  const { core } = appKit
  const messages = useMessages()
  const { locale, dir } = useLocale()
  const { open, shake } = useStore(core.stores.modal)
  const router = useStore(core.stores.router)
  const theme = useStore(core.stores.theme)
  const siwxBlocking = useStore(core.stores.siwx, (s) => s.blocking)
  const route = currentRoute(router)
  const closeLocked = siwxBlocking && SIGN_IN_LOCKED_VIEWS.has(route.view)
  const View = viewComponent(route.view)

  useEffect(() => {
    void preloadViews()
  }, [])

  return (
    <>
      <style>{modalCss}</style>
      <div
        className="lk-root"
        lang={locale}
        dir={dir}
        data-theme={theme.themeMode}
        style={themeStyle(theme.themeVariables)}
      >
        {open && (
          <Dialog
            labelledBy={TITLE_ID}
            lang={locale}
            dir={dir}
            onClose={core.close}
            closable={!closeLocked}
            onBlockedClose={core.shake}
            shake={shake}
            fullScreen={core.options.enableMobileFullScreen === true}
            inline={inline}
          >
            <header className="lk-header">
              {router.history.length > 1 ? (
                <button
                  type="button"
                  className="lk-icon-btn"
                  aria-label={messages.back}
                  data-testid="modal-back"
                  onClick={core.router.goBack}
                >
                  <BackIcon />
                </button>
              ) : (
                <span />
              )}
              <h2 id={TITLE_ID}>{viewTitle(route.view, router.wallet?.name, messages)}</h2>
              <button
                type="button"
                className="lk-icon-btn"
                aria-label={messages.close}
                data-testid="modal-close"
                aria-disabled={closeLocked || undefined}
                onClick={closeLocked ? core.shake : core.close}
              >
                <CloseIcon />
              </button>
            </header>
            <Morph>
              <Alerts />
              <Suspense
                fallback={
                  <div className="lk-center" aria-busy="true">
                    <span className="lk-skeleton" />
                  </div>
                }
              >
                {View ? <View /> : <p className="lk-muted">{messages.notBuilt}</p>}
                <FocusView key={`${router.history.length}:${route.view}`} />
              </Suspense>
            </Morph>
          </Dialog>
        )}
        <Toast />
      </div>
    </>
  )
}

/** §4 Closing is disabled here while a required sign-in has no session. */
const SIGN_IN_LOCKED_VIEWS = new Set<ViewName>(['SIWXSignMessage', 'ApproveTransaction'])

const WALLET_TITLED_VIEWS = new Set(['ConnectingExternal', 'ConnectingWalletConnect'])

/** A connecting view is titled with the wallet being connected, when there is one. */
function viewTitle(view: ViewName, walletName: string | undefined, messages: BaseMessages) {
  return walletName && WALLET_TITLED_VIEWS.has(view) ? walletName : messages.views[view]
}
