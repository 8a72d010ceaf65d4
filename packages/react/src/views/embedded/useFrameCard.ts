import { useCallback, useEffect, useRef } from 'react'
import { useAppKitInstance } from '../../instance.ts'

/**
 * What a view that waits on one of the frame's cards (passkeys, key export) needs: whether it is
 * still mounted, whether the card is up (leaving takes it down with `cancel`), and the text to
 * show for a failure: none for the visitor's own Cancel (4001) or once the view is gone.
 */
export function useFrameCard(cancel: 'APP_CANCEL_PASSKEY' | 'APP_CANCEL_EXPORT') {
  const { core } = useAppKitInstance()
  const alive = useRef(true)
  const carding = useRef(false)
  useEffect(() => {
    alive.current = true
    return () => {
      alive.current = false
      if (!carding.current) return
      void core.embedded
        .frame()
        .then((frame) => frame.request(cancel, {}))
        .catch(() => undefined)
    }
  }, [core, cancel])

  // Stable: views list it among their callbacks' dependencies
  const failureText = useCallback((failure: unknown): string | undefined => {
    if (!alive.current || (failure as { code?: unknown }).code === 4001) return undefined
    return failure instanceof Error ? failure.message : String(failure)
  }, [])
  return { alive, carding, failureText }
}
