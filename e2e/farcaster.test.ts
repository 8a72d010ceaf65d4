// Farcaster sign-in end to end (README "Farcaster login"): the modal shows the relay's sign-in
// link as a QR code, a Farcaster app (the devnet's test client, signing with a custody key
// registered in the local IdRegistry) signs in at that link, and the visitor lands in Account
// with an embedded wallet; the same fid gets the same wallet.
import {
  farcasterTestClient,
  LOCAL_FARCASTER_RELAY_KEY,
  registerFarcasterFid,
} from '@latchkey/devnet'
import type { Page } from 'playwright-core'
import { createTestClient, type Hex, http } from 'viem'
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts'
import { describe, expect, inject, it } from 'vitest'
import { accountAfterConnect, screenshot, view } from './browser'
import { useDemo } from './harness'

const openDemo = useDemo()
const rpcA = inject('rpcA')
const relayUrl = inject('farcasterRelayUrl')

/** A new Farcaster account: a funded custody key with its fid in the local IdRegistry */
async function newFarcasterAccount(username: string) {
  const privateKey: Hex = generatePrivateKey()
  const anvil = createTestClient({ mode: 'anvil', transport: http(rpcA) })
  await anvil.setBalance({ address: privateKeyToAddress(privateKey), value: 10n ** 18n })
  const fid = await registerFarcasterFid({ rpcUrl: rpcA, privateKey })
  return farcasterTestClient({
    relayUrl,
    authKey: LOCAL_FARCASTER_RELAY_KEY,
    privateKey,
    fid,
    username,
  })
}

/** The sign-in link the modal shows (its QR code's text) */
async function signInLink(page: Page) {
  await expect.poll(() => page.getByTestId('farcaster-status').textContent()).toContain('Waiting')
  return (await page.evaluate(
    'window.appKit.core.stores.embedded.getState().farcaster.url',
  )) as string
}

async function openFarcaster(page: Page) {
  await page.getByTestId('connect-button').click()
  await view(page, 'Connect').waitFor()
  await page.getByTestId('social-farcaster').click()
  await view(page, 'ConnectingFarcaster').waitFor()
  return signInLink(page)
}

describe('Farcaster sign-in (spec §2, §7)', () => {
  it('signs in from the QR link and lands in Account; the same fid gets the same wallet', async () => {
    const username = `fc${Date.now().toString(36)}`
    const farcaster = await newFarcasterAccount(username)
    const { page, errors } = await openDemo()
    const url = await openFarcaster(page)
    expect(url).toMatch(/^https:\/\/farcaster\.xyz\/~\/siwf\?channelToken=/)
    await expect(
      page.getByRole('img', { name: 'QR code to sign in with Farcaster' }).count(),
    ).resolves.toBe(1)
    await screenshot(page, 'farcaster-qr')
    await farcaster.signIn(url)
    await accountAfterConnect(page)
    const address = await page.getByTestId('account-address').getAttribute('title')
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/)
    await expect.poll(() => page.getByTestId('state-wallet').textContent()).toBe('Farcaster')
    // The username the relay reported names the profile (Farcaster gives no email).
    await expect
      .poll(() => page.getByTestId('account-email').textContent())
      .toBe(`@${username}farcaster`)
    await screenshot(page, 'farcaster-account')

    await page.getByTestId('disconnect').click()
    await view(page, 'Connect').waitFor()
    await page.getByTestId('modal-close').click()
    await farcaster.signIn(await openFarcaster(page))
    await accountAfterConnect(page)
    expect(await page.getByTestId('account-address').getAttribute('title')).toBe(address)
    expect(errors).toEqual([])
  })

  it('going back clears the link; a new visit asks for a new one', async () => {
    const { page } = await openDemo()
    const first = await openFarcaster(page)
    await page.getByTestId('modal-back').click()
    await view(page, 'Connect').waitFor()
    expect(
      await page.evaluate('window.appKit.core.stores.embedded.getState().farcaster?.url ?? null'),
    ).toBeNull()
    await page.getByTestId('social-farcaster').click()
    const second = await signInLink(page)
    expect(second).not.toBe(first)
  })

  it("a key that does not own the fid: 'Failed to connect to farcaster', not connected", async () => {
    const farcaster = await newFarcasterAccount('mallory')
    const { page } = await openDemo()
    const url = await openFarcaster(page)
    await farcaster.signIn(url, { signWith: generatePrivateKey() })
    await expect
      .poll(() => page.locator('[data-view="ConnectingFarcaster"]').textContent())
      .toContain('Failed to connect to farcaster')
    expect(await page.evaluate('window.appKit.getIsConnected()')).toBe(false)
  })
})
