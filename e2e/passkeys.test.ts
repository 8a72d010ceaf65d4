import type { CDPSession, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { accountAfterConnect, screenshot, view } from './browser'
import { logInWithEmail, secureFrame, uniqueEmail } from './email'
import { useDemo } from './harness'
import { type PasskeyStack, startPasskeyStack } from './passkeyStack'

const openDemo = useDemo()
let stack: PasskeyStack

beforeAll(async () => {
  stack = await startPasskeyStack({
    demoUrl: inject('demoUrl'),
    apiUrl: inject('apiUrl'),
    frameUrl: inject('frameUrl'),
    rpcA: inject('rpcA'),
    rpcB: inject('rpcB'),
  })
}, 180_000)
afterAll(async () => {
  await stack?.stop()
})

interface VirtualCredential {
  credentialId: string
  isResidentCredential: boolean
  rpId?: string
  privateKey: string
  userHandle?: string
  signCount: number
}

/** Chromium's virtual authenticator (CDP WebAuthn): a platform passkey with user verification */
async function authenticator(page: Page): Promise<{ cdp: CDPSession; id: string }> {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('WebAuthn.enable')
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  })
  return { cdp, id: authenticatorId }
}

async function credentials(device: { cdp: CDPSession; id: string }) {
  const { credentials: list } = await device.cdp.send('WebAuthn.getCredentials', {
    authenticatorId: device.id,
  })
  return list as VirtualCredential[]
}

/** A fresh browser context on the demo whose authenticator holds `credential` */
async function freshPageWith(credential: VirtualCredential) {
  const { page } = await openDemo({ beforeGoto: (p) => stack.rewire(p) })
  const device = await authenticator(page)
  await device.cdp.send('WebAuthn.addCredential', { authenticatorId: device.id, credential })
  return { page, device }
}

async function signInWithPasskey(page: Page) {
  await page.getByTestId('connect-button').click()
  await page.getByTestId('connect-passkey').click()
  await page.getByTestId('passkey-frame-slot').waitFor()
  await secureFrame(page).getByTestId('frame-passkey-continue').click()
}

describe('Passkeys through the embedded wallet (issue 30)', () => {
  it('adds a passkey after an email login and signs in with it on a fresh page: the same address; Cancel in the card, a cloned counter and another site’s passkey refused, removal', async () => {
    const email = uniqueEmail('passkey')
    const { page, errors } = await openDemo({ beforeGoto: (p) => stack.rewire(p) })
    const device = await authenticator(page)
    const address = await logInWithEmail(page, stack.apiUrl, email)
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/)

    // Account → Add a passkey → the frame's own card → its button runs the ceremony in the frame.
    await page.getByTestId('passkeys').waitFor()
    await page.getByTestId('passkey-add').click()
    await secureFrame(page).getByTestId('frame-passkey').waitFor()
    await screenshot(page, 'passkey-add-card')
    await secureFrame(page).getByTestId('frame-passkey-continue').click()
    await expect.poll(() => page.getByTestId('passkey-item').count(), { timeout: 20_000 }).toBe(1)
    const [credential] = await credentials(device)
    if (!credential) throw new Error('the authenticator holds no credential')
    expect(credential.rpId).toBe('localhost')
    expect(credential.isResidentCredential).toBe(true)

    await page.getByTestId('disconnect').click()
    await view(page, 'Connect').waitFor()
    await page.getByTestId('connect-passkey').waitFor()
    await screenshot(page, 'passkey-connect')

    // A fresh page (no session in the frame's storage), the same authenticator's passkey.
    const fresh = await freshPageWith(credential)
    await signInWithPasskey(fresh.page)
    await accountAfterConnect(fresh.page)
    expect(await fresh.page.getByTestId('account-address').getAttribute('title')).toBe(address)
    await expect.poll(() => fresh.page.getByTestId('passkey-item').count()).toBe(1)
    const [used] = await credentials(fresh.device)
    expect(used?.signCount).toBeGreaterThan(credential.signCount)

    // A copy of the credential whose counter went back (a clone) is refused by the server.
    const clone = await freshPageWith({ ...credential, signCount: 0 })
    // The card's own Cancel first: back to the button, nothing to read out.
    await clone.page.getByTestId('connect-button').click()
    await clone.page.getByTestId('connect-passkey').click()
    await secureFrame(clone.page).getByTestId('frame-passkey-cancel').click()
    await clone.page.getByTestId('connect-passkey').waitFor()
    expect(await clone.page.getByTestId('connect-passkey-error').count()).toBe(0)
    await clone.page.getByTestId('connect-passkey').click()
    await secureFrame(clone.page).getByTestId('frame-passkey-continue').click()
    await clone.page.getByTestId('connect-passkey-error').waitFor()
    expect(await view(clone.page, 'Account').count()).toBe(0)

    // The same key pair as a passkey of another site: the frame's origin cannot use it.
    const foreign = await freshPageWith({ ...credential, rpId: 'wallet.example' })
    await foreign.page.getByTestId('connect-button').click()
    await foreign.page.getByTestId('connect-passkey').click()
    await secureFrame(foreign.page).getByTestId('frame-passkey-continue').click()
    await expect
      .poll(() => secureFrame(foreign.page).getByTestId('frame-passkey-status').textContent())
      .toBe('The passkey was not used. Try again, or cancel.')
    expect(await view(foreign.page, 'Account').count()).toBe(0)

    // Removing it (the email login stays a way in) empties the list.
    await fresh.page.getByTestId('passkey-remove').click()
    await expect.poll(() => fresh.page.getByTestId('passkey-item').count()).toBe(0)
    expect(errors).toEqual([])
  }, 180_000)
})
