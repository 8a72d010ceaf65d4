// The secret that ties a social login to this frame: the login's PKCE code verifier. The popup
// brings `?code&state` back to the host page, where any script can read it; the code is worth
// nothing without the verifier (the server checks it against the challenge /social/start got,
// and the provider checks it again when the code is exchanged), and the verifier never leaves
// the frame but to the server. A Farcaster login is tied the same way (handlers/farcaster.ts).
import { bytesToBase64, randomBase64Url } from './keys.ts'

const stateOf = (uri: string) => URL.parse(uri)?.searchParams.get('state') ?? undefined

async function sha256Base64Url(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))
  return bytesToBase64(new Uint8Array(digest))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '')
}

/** A fresh PKCE verifier and its S256 challenge, which the login's start gets */
export async function createPkcePair(): Promise<{ codeVerifier: string; codeChallenge: string }> {
  const codeVerifier = randomBase64Url()
  return { codeVerifier, codeChallenge: await sha256Base64Url(codeVerifier) }
}

/** The frame's pending social logins: their secrets, by the state of their authorization URL. */
export function createSocialBindings() {
  const byState = new Map<string, string>()
  return {
    /** A fresh verifier and its S256 challenge, which /social/start gets */
    create: createPkcePair,
    /** Keeps the verifier of the login the provider's `authorizationUri` starts */
    keep(authorizationUri: string, codeVerifier: string) {
      const state = stateOf(authorizationUri)
      if (state) byState.set(state, codeVerifier)
    },
    /** The verifier of the login the popup came back from (once), if this frame started it */
    take(returnedUri: string): string | undefined {
      const state = stateOf(returnedUri)
      const codeVerifier = state === undefined ? undefined : byState.get(state)
      if (state !== undefined) byState.delete(state)
      return codeVerifier
    },
  }
}
