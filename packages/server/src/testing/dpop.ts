// Tests' DPoP keys and proofs (RFC 9449), made with jose independently of the frame's own code.
import { randomUUID } from 'node:crypto'
import { type CryptoKey, exportJWK, generateKeyPair, SignJWT } from 'jose'
import { AUTH_DPOP_ALG } from '../constants/auth.ts'

export interface DpopKey {
  privateKey: CryptoKey
  publicJwk: Record<string, unknown>
}

export async function newDpopKey(): Promise<DpopKey> {
  const { privateKey, publicKey } = await generateKeyPair(AUTH_DPOP_ALG)
  return { privateKey, publicJwk: { ...(await exportJWK(publicKey)) } }
}

export interface ProofFields {
  htm: string
  htu: string
  /** Seconds */
  iat: number
  jti?: string
  /** Header fields to change (typ, alg, jwk) */
  header?: Record<string, unknown>
}

/** A proof by `key`, signed with its private key (its header names `header.jwk` if given). */
export function dpopProof(key: DpopKey, fields: ProofFields): Promise<string> {
  const { htm, htu, iat, jti = randomUUID(), header = {} } = fields
  return new SignJWT({ htm, htu, iat, jti })
    .setProtectedHeader({ typ: 'dpop+jwt', alg: AUTH_DPOP_ALG, jwk: key.publicJwk, ...header })
    .sign(key.privateKey)
}
