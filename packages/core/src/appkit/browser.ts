// What the instance reads from (or opens in) the browser: its storage, whether it is a phone,
// the visitor's languages, the social-login popup. Each works, or answers "none", on a server.
import { SOCIAL_POPUP } from '../constants.ts'
import type { SocialPopup } from '../embedded/socialLogin.ts'
import type { KeyValueStorage } from '../storage/storageKeys.ts'

/** localStorage in a browser that allows it; nothing on a server or where it is blocked */
export function defaultStorage(): KeyValueStorage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage
  } catch {
    return undefined
  }
}

/** The social-login popup's window name: a second click reuses (and re-aims) the same popup. */
export const SOCIAL_POPUP_NAME = 'latchkey-social'

/**
 * §9 The social popup, 600 by 800 over the page's centre. Opened blank and synchronously in
 * the visitor's click (popup blockers allow nothing later); the flow aims it at the provider.
 */
export function openSocialPopup(win: Window = window): SocialPopup | null {
  return openCenteredPopup(SOCIAL_POPUP_NAME, win)
}

/** The onramp checkout's popup (the same size): opened blank in the click, aimed by the flow */
export function openCheckoutPopup(win: Window = window): Window | null {
  return openCenteredPopup('latchkey-onramp', win)
}

function openCenteredPopup(name: string, win: Window = window): Window | null {
  if (typeof win === 'undefined') return null
  try {
    const { width, height } = SOCIAL_POPUP
    // Window features read integers up to a '.', so the halves need no rounding.
    const left = win.screenX + (win.outerWidth - width) / 2
    const top = win.screenY + (win.outerHeight - height) / 2
    return win.open('', name, `width=${width},height=${height},left=${left},top=${top}`)
  } catch {
    return null
  }
}

/**
 * This page is the social-login popup on its way back (opened by a page of our origin, with
 * the provider's `state` and `code` or `error`): the opener reads its URL and closes it, so
 * the instance does nothing here (no reconnect, no frame, no modal).
 */
export function isSocialLoginReturn(win: Window): boolean {
  try {
    const query = new URLSearchParams(win.location.search)
    return (
      win.opener?.location.origin === win.location.origin &&
      query.has('state') &&
      (query.has('code') || query.has('error'))
    )
  } catch {
    return false
  }
}

/** Phone or tablet: deep links before QR codes (§2). */
export function isMobileDevice(): boolean {
  return typeof navigator !== 'undefined' && /Android|iPhone|iPad|iPod/i.test(navigator.userAgent)
}

/** The browser's languages, most wanted first; none on a server (Node 21+ has a navigator too). */
export function preferredLocales(): readonly string[] {
  if (typeof window === 'undefined' || typeof navigator === 'undefined') return []
  if (navigator.languages?.length) return navigator.languages
  return navigator.language ? [navigator.language] : []
}
