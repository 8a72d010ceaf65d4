// The relay's JWT check against tokens made by WalletConnect's own @walletconnect/relay-auth.
import * as relayAuth from '@walletconnect/relay-auth'
import { describe, expect, it } from 'vitest'
import { audienceMatches, decodeDidKey, encodeDidKey, verifyRelayJwt } from './jwt.ts'
import { createRelayIdentity, signRelayJwt } from './testClient.ts'

const RELAY_URL = 'ws://127.0.0.1:8787/relay'
const NOW = Math.floor(Date.now() / 1000)
const options = {
  nowSeconds: NOW,
  clockSkewSeconds: 60,
  maxLifetimeSeconds: 86_400,
  audienceOk: (aud: string) => aud === RELAY_URL,
}

async function realJwt(aud = RELAY_URL, ttl = 86_400, iat = NOW) {
  const keyPair = relayAuth.generateKeyPair()
  const jwt = await relayAuth.signJWT('a-session-id', aud, ttl, keyPair, iat)
  return { jwt, keyPair, iss: relayAuth.encodeIss(keyPair.publicKey) }
}

function reencodePart(part: string, change: (value: Record<string, unknown>) => void) {
  const value = JSON.parse(Buffer.from(part, 'base64url').toString()) as Record<string, unknown>
  change(value)
  return Buffer.from(JSON.stringify(value)).toString('base64url')
}

describe('verifyRelayJwt', () => {
  it('accepts a relay-auth JWT and names its issuer', async () => {
    const { jwt, iss } = await realJwt()
    const verdict = verifyRelayJwt(jwt, options)
    expect(verdict).toEqual({
      ok: true,
      claims: { iss, sub: 'a-session-id', aud: RELAY_URL, iat: NOW, exp: NOW + 86_400 },
    })
    // relay-auth agrees with itself, and with our own signer
    await expect(relayAuth.verifyJWT(jwt)).resolves.toBe(true)
    const ours = signRelayJwt(createRelayIdentity(), RELAY_URL)
    await expect(relayAuth.verifyJWT(ours)).resolves.toBe(true)
    expect(verifyRelayJwt(ours, options).ok).toBe(true)
  })

  it('refuses a wrong audience', async () => {
    const { jwt } = await realJwt('wss://relay.walletconnect.org')
    expect(verifyRelayJwt(jwt, options)).toEqual({ ok: false, reason: 'audience-mismatch' })
  })

  it('refuses a JWT issued beyond the clock skew in our future (the client clock runs ahead)', async () => {
    const { jwt } = await realJwt(RELAY_URL, 86_400, NOW + 61)
    expect(verifyRelayJwt(jwt, options)).toEqual({ ok: false, reason: 'not-yet-valid' })
    const { jwt: withinSkew } = await realJwt(RELAY_URL, 86_400, NOW + 60)
    expect(verifyRelayJwt(withinSkew, options).ok).toBe(true)
  })

  it('refuses a JWT that stays valid for more than a day (beyond the clock skew)', async () => {
    const { jwt: year } = await realJwt(RELAY_URL, 365 * 86_400)
    expect(verifyRelayJwt(year, options)).toEqual({ ok: false, reason: 'lifetime-too-long' })
    const { jwt: justOver } = await realJwt(RELAY_URL, 86_400 + 61)
    expect(verifyRelayJwt(justOver, options)).toEqual({ ok: false, reason: 'lifetime-too-long' })
    // relay-auth's own day, from a client whose clock runs up to the skew ahead, is fine
    const { jwt: day } = await realJwt(RELAY_URL, 86_400, NOW + 60)
    expect(verifyRelayJwt(day, options).ok).toBe(true)
    // issued long ago does not make a long lifetime acceptable: exp - now counts
    const { jwt: old } = await realJwt(RELAY_URL, 30 * 86_400, NOW - 29 * 86_400 + 120)
    expect(verifyRelayJwt(old, options)).toEqual({ ok: false, reason: 'lifetime-too-long' })
  })

  it('refuses an expired JWT', async () => {
    const { jwt } = await realJwt(RELAY_URL, 60, NOW - 120)
    expect(verifyRelayJwt(jwt, options)).toEqual({ ok: false, reason: 'expired' })
    // exp exactly now has passed too
    const { jwt: edge } = await realJwt(RELAY_URL, 60, NOW - 60)
    expect(verifyRelayJwt(edge, options)).toEqual({ ok: false, reason: 'expired' })
  })

  it('refuses a tampered payload', async () => {
    const { jwt } = await realJwt('wss://elsewhere.example')
    const [header, payload, signature] = jwt.split('.') as [string, string, string]
    const forged = reencodePart(payload, (value) => {
      value.aud = RELAY_URL
    })
    expect(verifyRelayJwt(`${header}.${forged}.${signature}`, options)).toEqual({
      ok: false,
      reason: 'invalid-signature',
    })
  })

  it("refuses a signature by another key than iss's", async () => {
    const victim = await realJwt()
    const attacker = await realJwt()
    const [, payload] = victim.jwt.split('.') as [string, string]
    const [header, , signature] = attacker.jwt.split('.') as [string, string, string]
    expect(verifyRelayJwt(`${header}.${payload}.${signature}`, options)).toEqual({
      ok: false,
      reason: 'invalid-signature',
    })
    // and a truncated signature
    const [h, p, s] = victim.jwt.split('.') as [string, string, string]
    expect(verifyRelayJwt(`${h}.${p}.${s.slice(0, 20)}`, options)).toEqual({
      ok: false,
      reason: 'invalid-signature',
    })
  })

  it('refuses another algorithm and a bad issuer', async () => {
    const { jwt } = await realJwt()
    const [header, payload, signature] = jwt.split('.') as [string, string, string]
    const hs256 = reencodePart(header, (value) => {
      value.alg = 'HS256'
    })
    expect(verifyRelayJwt(`${hs256}.${payload}.${signature}`, options)).toEqual({
      ok: false,
      reason: 'unsupported-header',
    })
    for (const iss of ['did:web:example.com', 'did:key:z0OIl', 'did:key:zQ3shokFTS3brHcD']) {
      const other = reencodePart(payload, (value) => {
        value.iss = iss
      })
      expect(verifyRelayJwt(`${header}.${other}.${signature}`, options)).toEqual({
        ok: false,
        reason: 'invalid-issuer',
      })
    }
  })

  it('refuses garbage and a missing token', () => {
    expect(verifyRelayJwt(undefined, options)).toEqual({ ok: false, reason: 'missing' })
    expect(verifyRelayJwt('', options)).toEqual({ ok: false, reason: 'missing' })
    for (const garbage of [
      'garbage',
      'a.b.c',
      'a.b',
      '...',
      `${Buffer.from('[1]').toString('base64url')}.e30.AAAA`,
      `e30.${Buffer.from('{"iss":1}').toString('base64url')}.AAAA`,
      'e30.e30.not base64!',
    ]) {
      expect(verifyRelayJwt(garbage, options)).toEqual({ ok: false, reason: 'malformed' })
    }
  })
})

describe('did:key', () => {
  it("decodes relay-auth's issuers and writes the same ones", () => {
    const keyPair = relayAuth.generateKeyPair()
    const iss = relayAuth.encodeIss(keyPair.publicKey)
    expect(iss.startsWith('did:key:z6Mk')).toBe(true)
    expect(encodeDidKey(keyPair.publicKey)).toBe(iss)
    const key = decodeDidKey(iss)
    const x = key?.export({ format: 'jwk' }).x
    expect(Buffer.from(x ?? '', 'base64url')).toEqual(Buffer.from(keyPair.publicKey))
  })
})

describe('audienceMatches', () => {
  const target = { host: '127.0.0.1:8787', path: '/relay' }

  it('matches the host and path the upgrade came to, any query, ws or wss', () => {
    expect(audienceMatches('ws://127.0.0.1:8787/relay', target)).toBe(true)
    expect(audienceMatches('ws://127.0.0.1:8787/relay?projectId=x', target)).toBe(true)
    expect(audienceMatches('wss://127.0.0.1:8787/relay/', target)).toBe(true)
    expect(audienceMatches('ws://localhost:8787/relay', target)).toBe(false)
    expect(audienceMatches('ws://127.0.0.1:8788/relay', target)).toBe(false)
    expect(audienceMatches('ws://127.0.0.1:8787/', target)).toBe(false)
    expect(audienceMatches('http://127.0.0.1:8787/relay', target)).toBe(false)
    expect(audienceMatches('not a url', target)).toBe(false)
    expect(audienceMatches('ws://127.0.0.1:8787/relay', { host: undefined, path: '/relay' })).toBe(
      false,
    )
  })

  it('matches the configured public URL', () => {
    const publicUrl = 'wss://relay.example.com/wc'
    expect(audienceMatches('wss://relay.example.com/wc', target, publicUrl)).toBe(true)
    expect(audienceMatches('wss://relay.example.com/wc?x=1', target, publicUrl)).toBe(true)
    expect(audienceMatches('wss://relay.example.com/other', target, publicUrl)).toBe(false)
  })
})
