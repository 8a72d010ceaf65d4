import { createPublicKey, verify } from 'node:crypto'
import { SOLANA_TEST_ACCOUNTS, telegramInitData, telegramLaunchUrl } from '@latchkey/devnet'
import { address, createSolanaRpc, getBase58Encoder, lamports } from '@solana/kit'
import type { Page } from 'playwright-core'
import { describe, expect, inject, it } from 'vitest'
import { accountAfterConnect, screenshot, siwxAccessToken, view } from './browser'
import { secureFrame } from './email'
import { useDemo } from './harness'

const openDemo = useDemo()
const solanaRpc = inject('solanaRpc')
const solanaNetwork = inject('solanaCaipNetworkId')
const rpc = createSolanaRpc(solanaRpc)
const receiver = SOLANA_TEST_ACCOUNTS[9]

/** Connect → "google" → the local OpenID provider's login in the popup → back in the modal. */
async function logInWithGoogle(page: Page, username: string, { signIn = false } = {}) {
  await page.getByTestId('connect-button').click()
  await view(page, 'Connect').waitFor()
  const [popup] = await Promise.all([
    page.context().waitForEvent('page'),
    page.getByTestId('social-google').click(),
  ])
  await popup.getByTestId('oidc-login').fill(username)
  await screenshot(popup, 'social-oidc-login')
  await popup.getByTestId('oidc-submit').click()
  // With sign-in on the modal stays open; without, it closes once connected.
  if (signIn) await view(page, 'Account').waitFor({ timeout: 30_000 })
  else await accountAfterConnect(page)
  return (await page.getByTestId('account-address').getAttribute('title')) ?? ''
}

function ed25519Verify(message: string, signatureBase58: string, publicKeyBase58: string) {
  const key = Uint8Array.from(getBase58Encoder().encode(publicKeyBase58))
  const spki = Buffer.concat([Buffer.from('302a300506032b6570032100', 'hex'), key])
  const publicKey = createPublicKey({ key: spki, format: 'der', type: 'spki' })
  const signature = Uint8Array.from(getBase58Encoder().encode(signatureBase58))
  return verify(null, Buffer.from(message), publicKey, signature)
}

describe('Social login through the local OpenID provider (spec §7, §9)', () => {
  it('logs in with "google" in a popup and lands on Account; the same person gets the same wallet', async () => {
    const username = `ada${Date.now().toString(36)}`
    const { page, errors } = await openDemo()
    const evmAddress = await logInWithGoogle(page, username)
    expect(evmAddress).toMatch(/^0x[0-9a-fA-F]{40}$/)
    // The provider's email and name, not editable (only an email login changes its address).
    await expect
      .poll(() => page.getByTestId('account-email').textContent())
      .toBe(`${username}@google.examplegoogle`)
    expect(await page.getByTestId('account-email').getAttribute('type')).toBeNull()
    // The demo's hook state names the wallet by the provider the visitor signed in with.
    await expect.poll(() => page.getByTestId('state-wallet').textContent()).toBe('Google')
    await screenshot(page, 'social-account')
    await page.getByTestId('disconnect').click()
    await view(page, 'Connect').waitFor()
    await page.getByTestId('modal-close').click()
    expect(await logInWithGoogle(page, username)).toBe(evmAddress)
    expect(errors).toEqual([])
  })

  it('with sign-in on, the login signs the sign-in message too: one approval, a server session', async () => {
    const username = `siwx${Date.now().toString(36)}`
    const { page, errors } = await openDemo({ url: (demo) => `${demo}?siwx=server` })
    const evmAddress = await logInWithGoogle(page, username, { signIn: true })
    const query = new URLSearchParams({
      projectId: 'c4b1e7d2a9f04e6b8d3a5f1e2c7b9a60',
      chainId: 'eip155:31337',
      address: evmAddress,
    })
    const sessions = async () => {
      const token = await siwxAccessToken(page, 'eip155:31337', evmAddress)
      if (!token) return []
      const listed = await fetch(`${inject('apiUrl')}/siwx/v1/sessions?${query}`, {
        headers: { authorization: `Bearer ${token}` },
      })
      return ((await listed.json()) as { sessions: { message: string }[] }).sessions
    }
    await expect.poll(async () => (await sessions()).length).toBe(1)
    expect((await sessions())[0]?.message).toContain(evmAddress)
    expect(await page.locator('[data-view="SIWXSignMessage"]').count()).toBe(0)
    await screenshot(page, 'social-siwx-one-step')
    expect(errors).toEqual([])
  })

  it("closing the popup says 'Popup closed'", async () => {
    const { page } = await openDemo()
    await page.getByTestId('connect-button').click()
    const [popup] = await Promise.all([
      page.context().waitForEvent('page'),
      page.getByTestId('social-discord').click(),
    ])
    await popup.close()
    await expect.poll(() => page.getByTestId('social-error').textContent()).toBe('Popup closed')
    expect(await page.evaluate('window.appKit.getIsConnected()')).toBe(false)
  })

  it('the embedded wallet signs a Solana message and sends SOL, each approved in the frame', async () => {
    if (!receiver) throw new Error('devnet Solana accounts missing')
    const { page, errors } = await openDemo()
    await logInWithGoogle(page, `sol${Date.now().toString(36)}`)
    // Fund the profile's Solana account before the modal reads its balances.
    const solanaAddress = (await page.evaluate(
      'window.appKit.core.stores.embedded.getState().user.solanaAddress',
    )) as string
    expect(solanaAddress).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/)
    await rpc.requestAirdrop(address(solanaAddress), lamports(5_000_000_000n)).send()
    await expect
      .poll(async () => (await rpc.getBalance(address(solanaAddress)).send()).value)
      .toBe(5_000_000_000n)
    await page.getByTestId('account-network').click()
    await page.getByTestId(`network-${solanaNetwork}`).click()
    await expect
      .poll(() => page.getByTestId('account-address').getAttribute('title'))
      .toBe(solanaAddress)

    const signing = page.evaluate(
      "window.appKit.core.loadEngine('solana').then((engine) => engine.signMessage('Hello Solana'))",
    ) as Promise<string>
    await secureFrame(page).getByTestId('frame-approve').click()
    expect(ed25519Verify('Hello Solana', await signing, solanaAddress)).toBe(true)

    const before = (await rpc.getBalance(address(receiver.address)).send()).value
    await view(page, 'Account').waitFor()
    await page.getByTestId('wallet-feature-send').click()
    await view(page, 'WalletSend').waitFor()
    await page.getByTestId('send-select-token').click()
    await page.getByTestId('send-token-SOL').click()
    await page.getByTestId('send-amount').fill('1.25')
    await page.getByTestId('send-receiver').fill(receiver.address)
    await page.getByTestId('send-preview').click()
    await view(page, 'WalletSendPreview').waitFor()
    await page.getByTestId('send-confirm').click()
    await secureFrame(page).getByTestId('frame-approve').click()
    await view(page, 'WalletSendResult').waitFor({ timeout: 30_000 })
    await expect
      .poll(async () => (await rpc.getBalance(address(receiver.address)).send()).value)
      .toBe(before + 1_250_000_000n)

    // ProfileWallets: the profile's two accounts; switching goes back to EVM without a prompt.
    await page.getByTestId('send-done').click()
    await view(page, 'Account').waitFor()
    await page.getByTestId('account-profile-wallets').click()
    await view(page, 'ProfileWallets').waitFor()
    await page.getByTestId('profile-wallet-solana').waitFor()
    await screenshot(page, 'social-profile-wallets')
    await page.getByTestId('profile-switch-eip155').click()
    await expect
      .poll(() => page.evaluate('window.appKit.getCaipAddress()'))
      .toMatch(/^eip155:31337:0x[0-9a-fA-F]{40}$/)
    expect(errors).toEqual([])
  })
})

describe('Telegram login in a Telegram Mini App (spec §1, §5)', () => {
  it('logs the Telegram user in with the initData Telegram gave the app; the same user, the same wallet', async () => {
    const user = { id: 5_000_000 + Math.floor(Math.random() * 1_000_000), first_name: 'Tg' }
    const openInTelegram = () =>
      openDemo({
        url: (demo) => telegramLaunchUrl(demo, telegramInitData({ user }), 'ios'),
      })
    const { page, errors } = await openInTelegram()
    await page.getByTestId('connect-button').click()
    await view(page, 'Connect').waitFor()
    // §5 on iOS Google is not offered; Telegram comes first.
    expect(await page.getByTestId('social-google').count()).toBe(0)
    const first = page.getByTestId('socials').locator('button').first()
    expect(await first.getAttribute('data-provider')).toBe('telegram')
    await screenshot(page, 'telegram-connect')
    await first.click()
    await accountAfterConnect(page)
    const address = (await page.getByTestId('account-address').getAttribute('title')) ?? ''
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/)
    await expect.poll(() => page.getByTestId('state-wallet').textContent()).toBe('Telegram')
    await screenshot(page, 'telegram-account')
    expect(errors).toEqual([])

    // A fresh browser, the same Telegram user: the same wallet.
    await page.context().close()
    const again = await openInTelegram()
    await again.page.getByTestId('connect-button').click()
    await again.page.getByTestId('social-telegram').click()
    await accountAfterConnect(again.page)
    expect(await again.page.getByTestId('account-address').getAttribute('title')).toBe(address)
  })

  it('initData the bot did not sign is refused with Failed to connect', async () => {
    const forged = telegramInitData({ user: { id: 1, first_name: 'Eve' }, botToken: '1:other' })
    const { page } = await openDemo({ url: (demo) => telegramLaunchUrl(demo, forged) })
    await page.getByTestId('connect-button').click()
    await page.getByTestId('social-telegram').click()
    await expect
      .poll(() => page.getByTestId('social-error').textContent())
      .toBe('Failed to connect')
  })
})
