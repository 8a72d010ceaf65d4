// @vitest-environment jsdom
// APP_GET_USER's answer when the server is slow to tell, and APP_SYNC_DAPP_DATA's effect on the
// approval card. The whole frame (harness) against the auth API's contract.
import { describe, expect, it } from 'vitest'
import { failure, type Harness, ok, signedInFrame } from '../testing/harness.ts'
import { NOT_CONNECTED } from '../wallet.ts'

const SESSION = 'GET /auth/v1/session'

describe('APP_GET_USER', () => {
  it('asks the server each time; when it cannot answer, the user it knew answers (and a warning is logged)', async () => {
    const { h } = await signedInFrame()
    const before = ok(await h.send('APP_GET_USER', {}))
    const asked = h.server.calls.filter((c) => c === SESSION).length
    ok(await h.send('APP_GET_USER', {}))
    expect(h.server.calls.filter((c) => c === SESSION)).toHaveLength(asked + 1)
    h.server.failNext.set(SESSION, { status: 503 })
    expect(ok(await h.send('APP_GET_USER', {}))).toEqual(before)
    expect(h.log.entries().map((entry) => entry.message)).toContain(
      'could not refresh the user; answering from memory',
    )
  })

  it('a session the server ended is not answered from memory', async () => {
    const { h } = await signedInFrame()
    h.server.failNext.set(SESSION, { status: 401, body: { message: 'Unauthorized' } })
    expect(failure(await h.send('APP_GET_USER', {}))).toEqual({ message: NOT_CONNECTED })
  })

  it('names the social provider the user signed in with, and no other value', async () => {
    const { h } = await signedInFrame()
    const user = h.server.userByEmail('visitor@example.com')
    if (!user) throw new Error('no user')
    user.socialProvider = 'github'
    expect(ok(await h.send('APP_GET_USER', {})).socialProvider).toBe('github')
    user.socialProvider = 'myspace'
    expect(ok(await h.send('APP_GET_USER', {}))).not.toHaveProperty('socialProvider')
  })
})

describe('APP_SYNC_DAPP_DATA', () => {
  async function cardFor(h: Harness, address: string) {
    const pending = h.send('APP_RPC_REQUEST', {
      method: 'personal_sign',
      params: ['0x6869', address],
    })
    await h.approvalShown()
    const card = h.doc.querySelector('[data-testid="frame-approval"]')
    const text = card?.textContent ?? ''
    const icon = card?.querySelector('img')?.getAttribute('src') ?? null
    h.button('reject').click()
    await pending
    return { text, icon }
  }

  it("the card names the app and shows its first icon; a later sync without them says 'This site'", async () => {
    const { h, address } = await signedInFrame()
    ok(
      await h.send('APP_SYNC_DAPP_DATA', {
        metadata: {
          name: 'Demo dapp',
          icons: ['https://demo.example/icon.png', 'https://demo.example/other.png'],
        },
      }),
    )
    expect(await cardFor(h, address)).toEqual({
      text: expect.stringContaining('Demo dapp asks you to sign a message'),
      icon: 'https://demo.example/icon.png',
    })
    ok(await h.send('APP_SYNC_DAPP_DATA', { metadata: { name: '', icons: [] } }))
    expect(await cardFor(h, address)).toEqual({
      text: expect.stringContaining('This site asks you to sign a message'),
      icon: null,
    })
  })

  it("another project's id is taken but logged", async () => {
    const { h } = await signedInFrame()
    ok(await h.send('APP_SYNC_DAPP_DATA', { projectId: h.server.projectId }))
    expect(JSON.stringify(h.log.entries())).not.toContain('the page names project')
    ok(await h.send('APP_SYNC_DAPP_DATA', { projectId: 'someoneelse' }))
    expect(h.log.entries().map((entry) => entry.message)).toContain(
      `the page names project someoneelse, the frame serves ${h.server.projectId}`,
    )
  })
})

describe('signing out', () => {
  it("APP_SIGN_OUT_EVERYWHERE ends every session of the user, this frame's too", async () => {
    const { h } = await signedInFrame()
    const other = await signedInFrame()
    expect(ok(await h.send('APP_SIGN_OUT_EVERYWHERE', {}))).toEqual({})
    expect(h.server.calls).toContain('DELETE /auth/v1/sessions')
    expect(ok(await h.send('APP_IS_CONNECTED', {}))).toEqual({ isConnected: false })
    // Another user's session is not touched.
    expect(ok(await other.h.send('APP_IS_CONNECTED', {}))).toEqual({ isConnected: true })
  })

  it('APP_SIGN_OUT is logged for the developer', async () => {
    const { h } = await signedInFrame()
    ok(await h.send('APP_SIGN_OUT', {}))
    expect(h.log.entries().map((entry) => entry.message)).toContain('signed out')
  })
})

describe('APP_SET_PREFERRED_ACCOUNT', () => {
  it("eoa: answers the account and saves the preference on the user's record", async () => {
    const { h } = await signedInFrame()
    const record = h.server.userByEmail('visitor@example.com')
    if (!record) throw new Error('the user is not on the server')
    record.preferredAccountType = 'smartAccount' // as another app of the project left it
    const answer = ok(await h.send('APP_SET_PREFERRED_ACCOUNT', { type: 'eoa' }))
    expect(answer).toMatchObject({ type: 'eoa' })
    await expect
      .poll(() => h.server.userByEmail('visitor@example.com')?.preferredAccountType)
      .toBe('eoa')
  })
})
