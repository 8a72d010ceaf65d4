// The relay's connection check: the `auth` JWT a WalletConnect client puts in the relay URL.
// @walletconnect/relay-auth signs { alg: 'EdDSA', typ: 'JWT' }.{ iss, sub, aud, iat, exp } with the
// client's Ed25519 key; `iss` is that key as a did:key (multibase base58btc 'z', multicodec 0xed
// 0x01, then the 32-byte public key), and `aud` the relay URL the client was configured with.
import { createPublicKey, type KeyObject, verify } from 'node:crypto'
import { decodeBase58, encodeBase58 } from '@latchkey/core/shared'
import type { RelayAuthRefusal } from '../errors/relay.ts'

export interface RelayJwtClaims {
  /** The client's did:key: its identity across reconnects */
  iss: string
  sub: string | undefined
  aud: string
  iat: number | undefined
  exp: number
}

export type RelayJwtVerdict =
  | { ok: true; claims: RelayJwtClaims }
  | { ok: false; reason: RelayAuthRefusal }

export interface VerifyRelayJwtOptions {
  /** Seconds since the epoch */
  nowSeconds: number
  /** How far a client's clock may run ahead of ours (its `iat` in our future) */
  clockSkewSeconds: number
  /** The longest `exp - now` accepted (plus clockSkewSeconds): a token good for longer is refused */
  maxLifetimeSeconds: number
  /** Whether `aud` names this relay (see audienceMatches) */
  audienceOk(aud: string): boolean
}

const BASE64URL = /^[A-Za-z0-9_-]+$/
const ED25519_MULTICODEC = [0xed, 0x01] as const
const ED25519_KEY_BYTES = 32
const ED25519_SIGNATURE_BYTES = 64

/** The did:key of an Ed25519 public key (32 raw bytes), as relay-auth's encodeIss writes it. */
export function encodeDidKey(publicKey: Uint8Array): string {
  return `did:key:z${encodeBase58(Uint8Array.from([...ED25519_MULTICODEC, ...publicKey]))}`
}

/** The Ed25519 public key a did:key names, or undefined when it names none. */
export function decodeDidKey(did: string): KeyObject | undefined {
  const prefix = 'did:key:z'
  if (!did.startsWith(prefix) || did.length > 128) return undefined
  const bytes = decodeBase58(did.slice(prefix.length))
  if (
    !bytes ||
    bytes.length !== ED25519_MULTICODEC.length + ED25519_KEY_BYTES ||
    bytes[0] !== ED25519_MULTICODEC[0] ||
    bytes[1] !== ED25519_MULTICODEC[1]
  ) {
    return undefined
  }
  const x = Buffer.from(bytes.subarray(ED25519_MULTICODEC.length)).toString('base64url')
  try {
    return createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x }, format: 'jwk' })
  } catch {
    return undefined
  }
}

function decodeJsonPart(part: string): Record<string, unknown> | undefined {
  if (!BASE64URL.test(part)) return undefined
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'))
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined
  } catch {
    return undefined
  }
}

const optional = <T>(value: unknown, type: 'string' | 'number'): T | undefined =>
  typeof value === type ? (value as T) : undefined

/**
 * Verifies a relay-auth JWT: shape, header, issuer key, signature, expiry, audience, issue time,
 * lifetime, in that order; the first failure is the reason.
 */
export function verifyRelayJwt(
  token: string | null | undefined,
  options: VerifyRelayJwtOptions,
): RelayJwtVerdict {
  if (!token) return { ok: false, reason: 'missing' }
  const parts = token.split('.')
  if (parts.length !== 3) return { ok: false, reason: 'malformed' }
  const [headerPart, payloadPart, signaturePart] = parts as [string, string, string]
  const header = decodeJsonPart(headerPart)
  const payload = decodeJsonPart(payloadPart)
  if (!header || !payload || !BASE64URL.test(signaturePart)) {
    return { ok: false, reason: 'malformed' }
  }
  const { iss, aud, exp } = payload
  if (typeof iss !== 'string' || typeof aud !== 'string' || typeof exp !== 'number') {
    return { ok: false, reason: 'malformed' }
  }
  if (header.alg !== 'EdDSA' || header.typ !== 'JWT') {
    return { ok: false, reason: 'unsupported-header' }
  }
  const publicKey = decodeDidKey(iss)
  if (!publicKey) return { ok: false, reason: 'invalid-issuer' }
  const signature = Buffer.from(signaturePart, 'base64url')
  const signed = Buffer.from(`${headerPart}.${payloadPart}`, 'utf8')
  if (signature.length !== ED25519_SIGNATURE_BYTES || !verify(null, signed, publicKey, signature)) {
    return { ok: false, reason: 'invalid-signature' }
  }
  if (!(exp > options.nowSeconds)) return { ok: false, reason: 'expired' }
  if (!options.audienceOk(aud)) return { ok: false, reason: 'audience-mismatch' }
  const iat = optional<number>(payload.iat, 'number')
  if (iat !== undefined && iat > options.nowSeconds + options.clockSkewSeconds) {
    return { ok: false, reason: 'not-yet-valid' }
  }
  // After 'not-yet-valid': a client clock far ahead gets that (helpful) answer first.
  if (exp - options.nowSeconds > options.maxLifetimeSeconds + options.clockSkewSeconds) {
    return { ok: false, reason: 'lifetime-too-long' }
  }
  return {
    ok: true,
    claims: {
      iss,
      aud,
      exp,
      sub: optional<string>(payload.sub, 'string'),
      iat,
    },
  }
}

function trimPath(path: string): string {
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path
}

function parseWsUrl(url: string): URL | undefined {
  try {
    const parsed = new URL(url)
    return parsed.protocol === 'ws:' || parsed.protocol === 'wss:' ? parsed : undefined
  } catch {
    return undefined
  }
}

export interface UpgradeTarget {
  /** The upgrade request's Host header */
  host: string | undefined
  /** The upgrade request's path, without the query */
  path: string
}

/**
 * A client signs `aud` = the relayUrl it was given. We accept it when its host and path are the
 * ones the upgrade request was sent to (ws: or wss:, any query), or when it is the relay's
 * configured public URL (behind a proxy that rewrites Host or the path).
 */
export function audienceMatches(aud: string, target: UpgradeTarget, publicUrl?: string): boolean {
  const stripQuery = (url: string) => url.split('?')[0]
  if (publicUrl && stripQuery(aud) === stripQuery(publicUrl)) return true
  const audience = parseWsUrl(aud)
  const requested = target.host ? parseWsUrl(`ws://${target.host}`) : undefined
  if (!audience || !requested) return false
  return audience.host === requested.host && trimPath(audience.pathname) === trimPath(target.path)
}
