// The modal's own actions: open (on the right view for the visitor's state), close, shake, and
// showing the frame while an embedded-wallet request waits for the visitor (§2 ApproveTransaction).

import { MODAL_SHAKE_MS } from '../constants.ts'
import { ErrorText } from '../errors.ts'
import { closingRoute, openingRoute } from '../router/modal.ts'
import { type OpenOptions, openNamespace, sendArguments } from '../router/openOptions.ts'
import { isMobileDevice } from './browser.ts'
import type { InstanceContext, InstanceParts, ModalActions } from './parts.ts'

const noop = () => {}

export function createModalControl(
  ctx: InstanceContext,
  parts: InstanceParts,
  isStarted: () => boolean,
) {
  const { options, networks, stores, router, track } = ctx
  const { modal, account, chain, embedded } = stores
  const isConnected = () => account.getState().status === 'connected'
  let shakeTimer: ReturnType<typeof setTimeout> | undefined
  /** The modal was opened only to show a waiting request: it closes when the request ends. */
  let openedForApproval = false

  function close() {
    if (!modal.getState().open) return
    modal.setState({ open: false })
    const connection = parts.connection.ifStarted()
    void connection?.then((c) => c.stopWalletConnect(), noop)
    // §8 The app's request is refused with 'Modal closed' ('Request was aborted' is for aborts).
    if (embedded.getState().approving) {
      void connection?.then((c) => c.abortApproval(ErrorText.modalClosed), noop)
    }
    openedForApproval = false
    router.reset(closingRoute(Boolean(options.enableEmbedded), isConnected()))
    account.setState({ connectError: undefined, switchError: undefined })
    track('MODAL_CLOSE', { connected: isConnected() })
  }

  function open(opts: OpenOptions = {}) {
    const namespace = openNamespace(opts)
    const there = namespace && account.getState().connections?.[namespace]
    // Opened for a connected namespace that is not the active one: it becomes the active one.
    if (there && namespace !== chain.getState().activeNamespace) {
      const network = networks.find((n) => n.caipNetworkId === `${namespace}:${there.chainId}`)
      if (network) void parts.connection().then((c) => c.switchNetwork(network), noop)
    }
    modal.setState({ namespace })
    const route = openingRoute({
      requested: opts.view,
      isConnected: isConnected() && (!namespace || Boolean(there)),
      isMobile: isMobileDevice(),
      hasAdapters: ctx.adapters.length > 0,
      manualControl: Boolean(options.manualWCControl),
      isUnsupportedChain: chain.getState().unsupported && !options.allowUnsupportedChain,
    })
    router.reset(route)
    if (route.view === 'WalletSend' && opts.arguments) {
      stores.send.setState(
        sendArguments(opts.arguments, chain.getState().activeCaipNetwork.caipNetworkId),
      )
    }
    modal.setState({ open: true })
    track('MODAL_OPEN', { connected: isConnected() })
    // Retries what the first load missed (parts already loaded are kept); opening never waits.
    if (isStarted()) void parts.directory().then((d) => d.fetchInitial(), noop)
  }

  function shake() {
    clearTimeout(shakeTimer)
    modal.setState({ shake: true })
    shakeTimer = setTimeout(() => modal.setState({ shake: false }), MODAL_SHAKE_MS)
  }

  const approval = {
    start() {
      embedded.setState({ approving: true })
      if (modal.getState().open) router.push('ApproveTransaction')
      else {
        open({ view: 'ApproveTransaction' })
        openedForApproval = true
      }
    },
    end() {
      embedded.setState({ approving: false })
      if (!modal.getState().open || router.current().view !== 'ApproveTransaction') return
      if (openedForApproval) close()
      // §4 A flow with a transaction entry (name registration) leaves by its outcome (router.ts).
      else if (router.store.getState().transactionStack.length === 0) router.goBack()
    },
  }

  return {
    open,
    close,
    shake,
    approval,
    /** Stops the shake's timer (the instance is destroyed) */
    stop: () => clearTimeout(shakeTimer),
  } satisfies ModalActions & Record<string, unknown>
}
