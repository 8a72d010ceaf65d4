// The SIWX store on PGlite (and PostgreSQL when available): single-use nonces, also under races, and per-project nonces.
import { describe, expect, it } from 'vitest'
import { SIWX_NONCE_LENGTH, SIWX_NONCE_RETENTION_MS, SIWX_NONCE_TTL_MS } from '../constants.ts'
import { availableDatabases } from '../testing/databases.ts'
import { useStoreDatabase } from '../testing/storeDatabase.ts'
import { consumeNonce, issueNonce, randomNonce } from './store.ts'

describe.each(availableDatabases())('SIWX store on $name', (database) => {
  const opened = useStoreDatabase(database)
  const start = new Date('2030-01-01T00:00:00.000Z')
  const later = (ms: number) => new Date(start.getTime() + ms)

  it('makes alphanumeric nonces that differ', () => {
    const nonces = new Set(Array.from({ length: 100 }, randomNonce))
    expect(nonces.size).toBe(100)
    for (const nonce of nonces)
      expect(nonce).toMatch(new RegExp(`^[A-Za-z0-9]{${SIWX_NONCE_LENGTH}}$`))
  })

  it('gives a nonce once, to its own project, before it expires', async () => {
    const { db } = opened()
    const { nonce, expiresAt } = await issueNonce(db, 'a', start)
    expect(expiresAt).toEqual(later(SIWX_NONCE_TTL_MS))
    expect(await consumeNonce(db, 'b', nonce, start)).toBe('other-project')
    expect(await consumeNonce(db, 'a', 'unknown0000', start)).toBe('unknown')
    expect(await consumeNonce(db, 'a', nonce, start)).toBe('ok')
    expect(await consumeNonce(db, 'a', nonce, start)).toBe('used')

    const old = await issueNonce(db, 'a', start)
    expect(await consumeNonce(db, 'a', old.nonce, later(SIWX_NONCE_TTL_MS))).toBe('expired')
  })

  it('lets only one of many racing sign-ins take a nonce', async () => {
    const { db } = opened()
    const { nonce } = await issueNonce(db, 'a', start)
    const outcomes = await Promise.all(
      Array.from({ length: 10 }, () => consumeNonce(db, 'a', nonce, start)),
    )
    expect(outcomes.filter((outcome) => outcome === 'ok')).toHaveLength(1)
    expect(outcomes.filter((outcome) => outcome === 'used')).toHaveLength(9)
  })

  it('sweeps long-expired nonces when issuing', async () => {
    const { db } = opened()
    const { nonce } = await issueNonce(db, 'a', start)
    await issueNonce(db, 'a', later(SIWX_NONCE_TTL_MS + SIWX_NONCE_RETENTION_MS + 1))
    expect(await consumeNonce(db, 'a', nonce, start)).toBe('unknown')
  })
})
