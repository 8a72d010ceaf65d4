// The relay's request bodies: the fields auth-client sends, each of its type.
import type { AuthMethod, CreateChannelArgs } from '@farcaster/auth-client'
import type { ChannelAuthentication } from './channels.ts'

export type Parsed<T> = { value: T } | { error: string }

const OPTIONAL_CHANNEL_STRINGS = [
  'nonce',
  'notBefore',
  'expirationTime',
  'requestId',
  'redirectUrl',
] as const
const PROFILE_STRINGS = ['username', 'bio', 'displayName', 'pfpUrl'] as const
const AUTH_METHODS: readonly unknown[] = ['custody', 'authAddress'] satisfies AuthMethod[]
/** An ECDSA signature, r ‖ s ‖ v */
const SIGNATURE = /^0x[0-9a-fA-F]{130}$/

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

export function parseCreateChannel(body: unknown): Parsed<CreateChannelArgs> {
  if (!isRecord(body)) return { error: 'the body must be a JSON object' }
  const { siweUri, domain } = body
  if (typeof siweUri !== 'string' || !URL.canParse(siweUri)) {
    return { error: 'siweUri must be a URL' }
  }
  if (typeof domain !== 'string' || domain === '') {
    return { error: 'domain must be a non-empty string' }
  }
  const request: CreateChannelArgs = { siweUri, domain }
  for (const key of OPTIONAL_CHANNEL_STRINGS) {
    const value = body[key]
    if (value === undefined) continue
    if (typeof value !== 'string') return { error: `${key} must be a string` }
    request[key] = value
  }
  if (body.acceptAuthAddress !== undefined) {
    if (typeof body.acceptAuthAddress !== 'boolean') {
      return { error: 'acceptAuthAddress must be a boolean' }
    }
    request.acceptAuthAddress = body.acceptAuthAddress
  }
  return { value: request }
}

export function parseAuthentication(body: unknown): Parsed<ChannelAuthentication> {
  if (!isRecord(body)) return { error: 'the body must be a JSON object' }
  const { message, signature, fid, authMethod } = body
  if (typeof message !== 'string' || message === '') {
    return { error: 'message must be a non-empty string' }
  }
  if (typeof signature !== 'string' || !SIGNATURE.test(signature)) {
    return { error: 'signature must be a 65-byte hex string' }
  }
  if (typeof fid !== 'number' || !Number.isSafeInteger(fid) || fid < 1) {
    return { error: 'fid must be a positive integer' }
  }
  if (authMethod !== undefined && !AUTH_METHODS.includes(authMethod)) {
    return { error: `authMethod must be one of ${AUTH_METHODS.join(', ')}` }
  }
  const authentication: ChannelAuthentication = {
    message,
    signature: signature as `0x${string}`,
    fid,
    ...(authMethod !== undefined && { authMethod: authMethod as AuthMethod }),
  }
  for (const key of PROFILE_STRINGS) {
    const value = body[key]
    if (value === undefined) continue
    if (typeof value !== 'string') return { error: `${key} must be a string` }
    authentication[key] = value
  }
  return { value: authentication }
}
