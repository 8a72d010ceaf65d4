// AppKit's hooks around the account that are not about connecting: sign-in and the email of the
// embedded wallet.
import type { SIWXConfig } from '@latchkey/core/internal'
import { useCallback, useEffect, useRef, useState } from 'react'
import { useAppKitInstance } from './instance.ts'
import { useStore } from './store.ts'

/** The app's Sign-In with X configuration (`createAppKit({ siwx })`), or undefined. */
export function useAppKitSIWX<T extends SIWXConfig = SIWXConfig>(): T | undefined {
  const { core } = useAppKitInstance()
  return core.options.siwx as T | undefined
}

/** Our wording: updateEmail() when the modal closed before the new address was confirmed */
export const EMAIL_UPDATE_CANCELLED = 'Email update cancelled'
/** Our wording: updateEmail() without an email wallet */
export const NO_EMAIL_WALLET = 'No email wallet connected'

/**
 * AppKit's `useAppKitUpdateEmail`: `updateEmail()` opens UpdateEmailWallet and settles once the
 * visitor has confirmed the new address (both codes), or fails when the modal closes first.
 */
export function useAppKitUpdateEmail({
  onSuccess,
  onError,
}: {
  onSuccess?: (data: { email: string }) => void
  onError?: (error: Error) => void
} = {}) {
  const appKit = useAppKitInstance()
  const { core } = appKit
  const email = useStore(core.stores.embedded, (s) => s.user?.email ?? undefined)
  const [state, setState] = useState<{ pending: boolean; error: Error | null; done: boolean }>({
    pending: false,
    error: null,
    done: false,
  })
  const stop = useRef<(() => void) | undefined>(undefined)
  useEffect(() => () => stop.current?.(), [])

  const updateEmail = useCallback((): Promise<{ email: string }> => {
    const before = core.stores.embedded.getState().user?.email
    if (!before) {
      const error = new Error(NO_EMAIL_WALLET)
      setState({ pending: false, error, done: false })
      onError?.(error)
      return Promise.reject(error)
    }
    stop.current?.()
    setState({ pending: true, error: null, done: false })
    return new Promise<{ email: string }>((resolve, reject) => {
      const finish = (result: { email: string } | Error) => {
        stopEmail()
        stopModal()
        stop.current = undefined
        if (result instanceof Error) {
          setState({ pending: false, error: result, done: false })
          onError?.(result)
          reject(result)
        } else {
          setState({ pending: false, error: null, done: true })
          onSuccess?.(result)
          resolve(result)
        }
      }
      const stopEmail = core.stores.embedded.subscribe((s) => {
        const next = s.user?.email
        if (next && next !== before) finish({ email: next })
      })
      const stopModal = core.stores.modal.subscribe((s, previous) => {
        if (previous.open && !s.open) finish(new Error(EMAIL_UPDATE_CANCELLED))
      })
      stop.current = () => {
        stopEmail()
        stopModal()
      }
      appKit.open({ view: 'UpdateEmailWallet' })
    })
  }, [appKit, core, onSuccess, onError])

  return {
    data: email === undefined ? undefined : { email },
    error: state.error,
    isPending: state.pending,
    isError: state.error !== null,
    isSuccess: state.done,
    updateEmail,
  }
}
