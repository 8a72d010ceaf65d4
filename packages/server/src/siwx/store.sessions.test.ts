// The SIWX store's sessions, straight against the database (PGlite, and PostgreSQL when
// available): stored as signed, listed per account, revoked one by one or all.
import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { SIWX_MAX_SESSIONS_LISTED, SIWX_NONCE_TTL_MS } from '../constants.ts'
import { availableDatabases } from '../testing/databases.ts'
import { useStoreDatabase } from '../testing/storeDatabase.ts'
import {
  consumeNonce,
  insertSession,
  issueNonce,
  listSessions,
  type NewSession,
  revokeAccountSessions,
  revokeSession,
} from './store.ts'

const at = new Date('2030-01-01T00:00:00.000Z')
const after = (ms: number) => new Date(at.getTime() + ms)
const ADDRESS = '0x1111111111111111111111111111111111111111'

describe.each(availableDatabases())('SIWX sessions on $name', (database) => {
  const opened = useStoreDatabase(database)
  const db = () => opened().db

  function session(projectId: string, fields: Partial<NewSession> = {}): NewSession {
    return {
      projectId,
      chainId: 'eip155:1',
      address: ADDRESS,
      message: 'app.example wants you to sign in',
      signature: '0xsig',
      data: {
        accountAddress: ADDRESS,
        chainId: 'eip155:1',
        domain: 'app.example',
        uri: 'https://app.example',
        version: '1',
        nonce: 'abcdefgh',
        issuedAt: at.toISOString(),
      },
      createdAt: at,
      expiresAt: after(60_000),
      ...fields,
    }
  }
  const account = (projectId: string) => ({ projectId, chainId: 'eip155:1', address: ADDRESS })

  it('stores a session as signed, with its data, not revoked', async () => {
    const projectId = randomUUID()
    const stored = await insertSession(db(), session(projectId))
    expect(stored).toMatchObject({
      project_id: projectId,
      chain_id: 'eip155:1',
      address: ADDRESS,
      message: 'app.example wants you to sign in',
      signature: '0xsig',
      created_at: at,
      expires_at: after(60_000),
      revoked_at: null,
    })
    expect(stored.id).toMatch(/^[0-9a-f-]{36}$/)
    expect(stored.data).toEqual(session(projectId).data)
  })

  it("lists the account's live sessions, newest first; not expired, revoked or others'", async () => {
    const projectId = randomUUID()
    const older = await insertSession(db(), session(projectId))
    const newer = await insertSession(
      db(),
      session(projectId, { createdAt: after(1000), expiresAt: after(120_000) }),
    )
    const forever = await insertSession(
      db(),
      session(projectId, { createdAt: after(500), expiresAt: null }),
    )
    await insertSession(db(), session(projectId, { expiresAt: after(10) }))
    await insertSession(db(), session(projectId, { chainId: 'eip155:10' }))
    await insertSession(db(), session(projectId, { address: `0x${'2'.repeat(40)}` }))
    await insertSession(db(), session(randomUUID()))
    const listed = await listSessions(db(), account(projectId), after(10))
    expect(listed.map((s) => s.id)).toEqual([newer.id, forever.id, older.id])
    expect((await listSessions(db(), account(projectId), after(60_000))).map((s) => s.id)).toEqual([
      newer.id,
      forever.id,
    ])
  })

  it(`lists at most ${SIWX_MAX_SESSIONS_LISTED}`, async () => {
    const projectId = randomUUID()
    for (let i = 0; i <= SIWX_MAX_SESSIONS_LISTED; i++) {
      await insertSession(db(), session(projectId, { createdAt: after(i) }))
    }
    const listed = await listSessions(db(), account(projectId), at)
    expect(listed).toHaveLength(SIWX_MAX_SESSIONS_LISTED)
    expect(listed[0]?.created_at).toEqual(after(SIWX_MAX_SESSIONS_LISTED))
  })

  it("revokes all of an account's sessions and says how many were live", async () => {
    const projectId = randomUUID()
    await insertSession(db(), session(projectId))
    await insertSession(db(), session(projectId))
    const other = await insertSession(db(), session(projectId, { chainId: 'eip155:10' }))
    expect(await revokeAccountSessions(db(), account(projectId), after(5))).toBe(2)
    expect(await revokeAccountSessions(db(), account(projectId), after(6))).toBe(0)
    expect(await listSessions(db(), account(projectId), after(7))).toEqual([])
    expect(
      (await listSessions(db(), { ...account(projectId), chainId: 'eip155:10' }, at)).map(
        (s) => s.id,
      ),
    ).toEqual([other.id])
  })

  it("revokes one session of its own account only; another project's id is not found", async () => {
    const projectId = randomUUID()
    const mine = await insertSession(db(), session(projectId))
    const subject = `eip155:1:${ADDRESS}`
    expect(await revokeSession(db(), projectId, mine.id, `eip155:10:${ADDRESS}`, at)).toBe(
      'other-account',
    )
    expect(await revokeSession(db(), randomUUID(), mine.id, subject, at)).toBe('not-found')
    expect(await revokeSession(db(), projectId, randomUUID(), subject, at)).toBe('not-found')
    expect(await listSessions(db(), account(projectId), at)).toHaveLength(1)
    expect(await revokeSession(db(), projectId, mine.id, subject, after(3))).toBe('revoked')
    expect(await revokeSession(db(), projectId, mine.id, subject, after(9))).toBe('revoked')
    const row = await db()
      .selectFrom('siwx_sessions')
      .select('revoked_at')
      .where('id', '=', mine.id)
      .executeTakeFirstOrThrow()
    expect(row.revoked_at).toEqual(after(3))
  })

  it('a nonce expires exactly at its end, and a sweep keeps nonces still within retention', async () => {
    const projectId = randomUUID()
    const { nonce } = await issueNonce(db(), projectId, at)
    expect(await consumeNonce(db(), projectId, nonce, after(SIWX_NONCE_TTL_MS - 1))).toBe('ok')
    const kept = await issueNonce(db(), projectId, at)
    await issueNonce(db(), projectId, after(SIWX_NONCE_TTL_MS))
    expect(await consumeNonce(db(), projectId, kept.nonce, after(SIWX_NONCE_TTL_MS))).toBe(
      'expired',
    )
  })
})
