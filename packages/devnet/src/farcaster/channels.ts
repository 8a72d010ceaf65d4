// The relay's channels, in memory: one per sign-in request, from the app's createChannel until
// the app reads it completed, it expires, or the relay stops.
import { randomUUID } from 'node:crypto'
import {
  type AuthenticateArgs,
  type CreateChannelAPIResponse,
  type CreateChannelArgs,
  generateNonce,
  type StatusAPIResponse,
} from '@farcaster/auth-client'
import { parseSiweMessage } from 'viem/siwe'

/** Where the real relay points a channel's URL: the Farcaster app's sign-in page. */
export const FARCASTER_SIGN_IN_URL = 'https://farcaster.xyz/~/siwf'

/** What the Farcaster app posts to authenticate a channel */
export type ChannelAuthentication = Omit<AuthenticateArgs, 'authKey' | 'channelToken'>

export interface ChannelStore {
  open(
    request: CreateChannelArgs,
    metadata: StatusAPIResponse['metadata'],
  ): CreateChannelAPIResponse
  /** The channel's status; undefined when its token is unknown or it expired */
  read(channelToken: string): StatusAPIResponse | undefined
  complete(channelToken: string, authentication: ChannelAuthentication): StatusAPIResponse
  close(channelToken: string): void
}

interface Channel {
  status: StatusAPIResponse
  expiresAt: number
}

/**
 * The sign-in parameters go into the URL (as the real relay puts them) so that the Farcaster app
 * can build the message from the URL alone.
 */
function signInUrl(channelToken: string, params: StatusAPIResponse['signatureParams']): string {
  const query = new URLSearchParams({ channelToken })
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined) query.set(key, value)
  }
  return `${FARCASTER_SIGN_IN_URL}?${query}`
}

/** A channel lives `ttlMs` from its last change, like the real relay's Redis entries. */
export function createChannelStore(ttlMs: number, now: () => number): ChannelStore {
  const channels = new Map<string, Channel>()

  function live(channelToken: string): Channel | undefined {
    const channel = channels.get(channelToken)
    if (channel && channel.expiresAt <= now()) channels.delete(channelToken)
    return channels.get(channelToken)
  }

  function sweep(): void {
    for (const token of channels.keys()) live(token)
  }

  return {
    open({ acceptAuthAddress = false, ...request }, metadata) {
      sweep()
      const channelToken = randomUUID()
      const nonce = request.nonce ?? generateNonce()
      const signatureParams = {
        siweUri: request.siweUri,
        domain: request.domain,
        nonce,
        notBefore: request.notBefore,
        expirationTime: request.expirationTime,
        requestId: request.requestId,
        redirectUrl: request.redirectUrl,
      }
      const url = signInUrl(channelToken, signatureParams)
      const status: StatusAPIResponse = {
        state: 'pending',
        nonce,
        url,
        signatureParams,
        metadata,
        acceptAuthAddress,
      }
      channels.set(channelToken, { status, expiresAt: now() + ttlMs })
      return { channelToken, url, nonce }
    },

    read: (channelToken) => live(channelToken)?.status,

    complete(channelToken, authentication) {
      const channel = live(channelToken)
      if (!channel) throw new Error(`no channel ${channelToken}`)
      channel.status = {
        ...channel.status,
        state: 'completed',
        ...authentication,
        authMethod: authentication.authMethod ?? 'custody',
        // The real relay looks custody and verifications up on a hub; there is none here, so the
        // custody is the address the message names and no address is verified.
        custody: parseSiweMessage(authentication.message).address,
        verifications: [],
      }
      channel.expiresAt = now() + ttlMs
      return channel.status
    },

    close(channelToken) {
      channels.delete(channelToken)
    },
  }
}
