import { createStore, type StoreApi } from 'zustand/vanilla'
import { TOAST_AUTO_CLOSE_MS, TOAST_SWAP_DELAY_MS } from '../constants.ts'

/** §3 Toast variants */
export type ToastVariant = 'success' | 'error' | 'loading'

/** §3 Toast: message, variant, svg, open, autoClose */
export interface ToastState {
  message: string
  variant: ToastVariant
  svg?: string
  open: boolean
  autoClose: boolean
}

export interface ToastOptions {
  /** Defaults to true for success and error, false for loading. */
  autoClose?: boolean
  svg?: string
}

/** Method syntax on purpose: it lets globalThis.setTimeout / clearTimeout be passed as they are. */
export interface ToastTimers {
  setTimeout(callback: () => void, ms: number): unknown
  clearTimeout(handle: unknown): void
}

export interface ToastController {
  store: StoreApi<ToastState>
  showSuccess(message: string, options?: ToastOptions): void
  showError(message: string, options?: ToastOptions): void
  showLoading(message: string, options?: ToastOptions): void
  hide(): void
}

const INITIAL_TOAST: ToastState = {
  message: '',
  variant: 'success',
  open: false,
  autoClose: false,
}

/**
 * §4 Toast: if one is open it closes, then after TOAST_SWAP_DELAY_MS (150 ms) the new message
 * shows. Messages shown during that delay replace the pending one; only the latest shows, still
 * 150 ms after the close.
 */
export function createToastController(timers: Partial<ToastTimers> = {}): ToastController {
  // Looked up at call time so fake timers installed after creation still apply.
  const setTimer = timers.setTimeout ?? ((callback, ms) => globalThis.setTimeout(callback, ms))
  const clearTimer =
    timers.clearTimeout ??
    ((handle) => globalThis.clearTimeout(handle as Parameters<typeof globalThis.clearTimeout>[0]))

  const store = createStore<ToastState>()(() => ({ ...INITIAL_TOAST }))
  let autoCloseTimer: unknown
  let swapTimer: unknown
  let pending: ToastState | undefined

  function cancelAutoClose(): void {
    if (autoCloseTimer !== undefined) clearTimer(autoCloseTimer)
    autoCloseTimer = undefined
  }

  function cancelSwap(): void {
    if (swapTimer !== undefined) clearTimer(swapTimer)
    swapTimer = undefined
    pending = undefined
  }

  function display(toast: ToastState): void {
    store.setState(toast, true)
    if (toast.autoClose) {
      autoCloseTimer = setTimer(() => {
        autoCloseTimer = undefined
        store.setState({ open: false })
      }, TOAST_AUTO_CLOSE_MS)
    }
  }

  function show(variant: ToastVariant, message: string, options: ToastOptions = {}): void {
    const toast: ToastState = {
      message,
      variant,
      open: true,
      autoClose: options.autoClose ?? variant !== 'loading',
    }
    if (options.svg !== undefined) toast.svg = options.svg
    cancelAutoClose()

    if (swapTimer !== undefined) {
      pending = toast
      return
    }
    if (!store.getState().open) {
      display(toast)
      return
    }
    store.setState({ open: false })
    pending = toast
    swapTimer = setTimer(() => {
      const next = pending
      swapTimer = undefined
      pending = undefined
      if (next) display(next)
    }, TOAST_SWAP_DELAY_MS)
  }

  return {
    store,
    showSuccess: (message, options) => show('success', message, options),
    showError: (message, options) => show('error', message, options),
    showLoading: (message, options) => show('loading', message, options),
    hide() {
      cancelSwap()
      cancelAutoClose()
      // The message stays so a closing animation can still render it.
      if (store.getState().open) store.setState({ open: false })
    },
  }
}
