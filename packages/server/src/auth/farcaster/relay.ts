// The Farcaster side of a sign-in (README "Farcaster login"): the relay (a third party,
// relay.farcaster.xyz in production) carries the sign-in from the page's QR code to the person's
// Farcaster client and back; the chain's IdRegistry says which address owns a fid. The relay
// is not trusted with the result: its message and signature are verified here.
import { type AppClient, createAppClient, viemConnector } from '@farcaster/auth-client'
import type { Hex } from 'viem'
import { AUTH_MAX_USER_NAME_LENGTH, FARCASTER_RELAY_TIMEOUT_MS } from '../../constants/auth.ts'
import { hasControlCharacters } from '../../text.ts'

export interface FarcasterOptions {
  /** The relay's base URL (https://relay.farcaster.xyz) */
  relayUrl: string
  /** An RPC of the chain with the IdRegistry (Optimism; the devnet's chains have a stand-in) */
  rpcUrl: string
}

/** The relay did not answer, or not as a relay does */
export class RelayUnavailable extends Error {
  override name = 'RelayUnavailable'
}

export type RelayStatus =
  | { state: 'pending' }
  /** The relay no longer knows the channel (it expired there) */
  | { state: 'gone' }
  | {
      state: 'completed'
      message: string
      signature: Hex
      /** As the relay says: only for its fid */
      fid: number | undefined
      username: string | undefined
    }

export type SignInVerdict =
  | { ok: true; fid: number }
  /** unavailable: the chain could not be read, which says nothing about the signature */
  | { ok: false; unavailable: boolean; reason: string }

async function timed<T>(call: () => Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new RelayUnavailable('timed out')), FARCASTER_RELAY_TIMEOUT_MS)
  })
  try {
    return await Promise.race([call(), timeout])
  } finally {
    clearTimeout(timer)
  }
}

export interface FarcasterRelay {
  /** The signed message is to expire with the sign-in (expiresAt) */
  openChannel(request: {
    siweUri: string
    domain: string
    nonce: string
    expiresAt: Date
  }): Promise<{ url: string; channelToken: string }>
  status(channelToken: string): Promise<RelayStatus>
  verify(request: {
    nonce: string
    domain: string
    message: string
    signature: Hex
  }): Promise<SignInVerdict>
}

export function farcasterRelay(options: FarcasterOptions): FarcasterRelay {
  const client: AppClient = createAppClient({
    relay: options.relayUrl.replace(/\/+$/, ''),
    ethereum: viemConnector({ rpcUrl: options.rpcUrl }),
  })
  return {
    async openChannel({ expiresAt, ...request }) {
      const created = await timed(() =>
        client.createChannel({
          ...request,
          expirationTime: expiresAt.toISOString(),
          // The custody address must sign: verify() takes no auth address
          acceptAuthAddress: false,
        }),
      )
      if (created.isError) throw new RelayUnavailable(created.error?.message ?? 'no answer')
      const { channelToken, url } = created.data
      if (!created.response.ok || typeof channelToken !== 'string' || typeof url !== 'string') {
        throw new RelayUnavailable(`channel not created (HTTP ${created.response.status})`)
      }
      return { channelToken, url }
    },

    async status(channelToken) {
      const answer = await timed(() => client.status({ channelToken }))
      if (answer.isError) throw new RelayUnavailable(answer.error?.message ?? 'no answer')
      const { response, data } = answer
      if (response.status === 401 || response.status === 404) return { state: 'gone' }
      if (!response.ok) throw new RelayUnavailable(`status HTTP ${response.status}`)
      if (data.state === 'pending') return { state: 'pending' }
      if (
        data.state !== 'completed' ||
        typeof data.message !== 'string' ||
        typeof data.signature !== 'string'
      ) {
        throw new RelayUnavailable('status is neither pending nor a completed sign-in')
      }
      return {
        state: 'completed',
        message: data.message,
        signature: data.signature,
        fid: data.fid,
        username: data.username,
      }
    },

    async verify(request) {
      try {
        const result = await client.verifySignInMessage({ ...request, acceptAuthAddress: false })
        if (result.isError || !result.success) {
          const reason = result.error?.message ?? 'not verified'
          return { ok: false, unavailable: result.error?.errCode === 'unavailable', reason }
        }
        return { ok: true, fid: result.fid }
      } catch (error) {
        return { ok: false, unavailable: false, reason: String(error) }
      }
    },
  }
}

/** The relay's username for the fid, when it is one the user's name can be */
export function relayUserName(status: { fid?: number; username?: string }, fid: number) {
  const name = status.username
  if (status.fid !== fid || typeof name !== 'string') return null
  if (name === '' || name.length > AUTH_MAX_USER_NAME_LENGTH || hasControlCharacters(name)) {
    return null
  }
  return name
}
