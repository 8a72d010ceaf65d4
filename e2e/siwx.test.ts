import { TEST_ACCOUNTS } from '@latchkey/devnet'
import type { Page } from 'playwright-core'
import { describe, expect, inject, it } from 'vitest'
import { screenshot, siwxAccessToken, view } from './browser'
import { useDemo } from './harness'
import { approveConnection, Web3RequestKind } from './wallet'
import { DEMO_PROJECT_ID, showPairing, useWalletConnectWallets } from './walletConnectPairing'

const openDemo = useDemo()
const startWallet = useWalletConnectWallets({ chains: { 31337: inject('rpcA') } })
const visitor = TEST_ACCOUNTS[8]

const modalOpen = (page: Page) =>
  page.evaluate(
    () =>
      (window as unknown as { appKit: { getState(): { open: boolean } } }).appKit.getState().open,
  )
const network = (page: Page) =>
  page.evaluate(
    () =>
      (
        window as unknown as { appKit: { getState(): { selectedNetworkId: string } } }
      ).appKit.getState().selectedNetworkId,
  )

describe('Sign-In with X (spec §4), required, sessions in the browser', () => {
  it('signs in after connecting, keeps the session over a reload, asks again on a new network, and cancel goes back', async () => {
    if (!visitor) throw new Error('devnet accounts missing')
    const { page, wallet } = await openDemo({
      accountIndex: 8,
      url: (demo) => `${demo}?siwx=required`,
    })
    await page.getByTestId('connect-button').click()
    await page.locator('[data-wallet-id="headless-web3-provider"]').click()
    await approveConnection(wallet)
    await view(page, 'SIWXSignMessage').waitFor()
    expect(await page.getByTestId('siwx-title').textContent()).toBe(
      'Latchkey demo needs to connect to your wallet',
    )
    // Required and no session: the modal does not close.
    await page.keyboard.press('Escape')
    // The dialog shakes instead of closing; the click does not wait for it to stand still.
    await page.getByTestId('modal-close').click({ force: true })
    await view(page, 'SIWXSignMessage').waitFor()
    expect(await modalOpen(page)).toBe(true)
    await screenshot(page, 'siwx-sign')

    await page.getByTestId('siwx-sign').click()
    await wallet.authorize(Web3RequestKind.SignMessage)
    await expect.poll(() => modalOpen(page)).toBe(false)
    const stored = await page.evaluate(() => localStorage.getItem('@latchkey/siwx_sessions'))
    const [session] = JSON.parse(stored ?? '[]')
    expect(session.data.chainId).toBe('eip155:31337')
    expect(session.message).toContain('wants you to sign in with your Ethereum account:')
    expect(session.message).toContain(visitor.address)

    // A reload keeps the session: connected, no prompt (reconnecting loads wagmi: allow a busy machine).
    await page.reload()
    await expect
      .poll(
        () =>
          page.evaluate(() =>
            (
              window as unknown as { appKit: { getIsConnected(): boolean } }
            ).appKit.getIsConnected(),
          ),
        { timeout: 20_000 },
      )
      .toBe(true)
    await page.waitForTimeout(1_000)
    expect(await modalOpen(page)).toBe(false)

    // A network without a session asks again; cancel switches back to the one with a session.
    await page.getByTestId('account-button').click()
    await page.getByTestId('account-network').click()
    await page.getByTestId('network-eip155:31338').click()
    await wallet.authorize(Web3RequestKind.SwitchEthereumChain)
    await wallet.authorize(Web3RequestKind.AddEthereumChain)
    await wallet.authorize(Web3RequestKind.SwitchEthereumChain)
    await view(page, 'SIWXSignMessage').waitFor()
    expect(await network(page)).toBe('eip155:31338')
    await page.getByTestId('siwx-cancel').click()
    await wallet.authorize(Web3RequestKind.SwitchEthereumChain)
    await expect.poll(() => network(page)).toBe('eip155:31337')
    expect(
      await page.evaluate(() =>
        (window as unknown as { appKit: { getIsConnected(): boolean } }).appKit.getIsConnected(),
      ),
    ).toBe(true)
  })

  it('cancel with no session anywhere disconnects', async () => {
    const { page, wallet } = await openDemo({
      accountIndex: 9,
      url: (demo) => `${demo}?siwx=required`,
    })
    await page.getByTestId('connect-button').click()
    await page.locator('[data-wallet-id="headless-web3-provider"]').click()
    await approveConnection(wallet)
    await view(page, 'SIWXSignMessage').waitFor()
    await page.getByTestId('siwx-cancel').click()
    await expect
      .poll(() =>
        page.evaluate(() =>
          (window as unknown as { appKit: { getIsConnected(): boolean } }).appKit.getIsConnected(),
        ),
      )
      .toBe(false)
  })
})

/** The server's SIWX sessions of `address` on chain A, read with the page's own access token. */
async function serverSessions(page: Page, address: string) {
  const query = new URLSearchParams({
    projectId: DEMO_PROJECT_ID,
    chainId: 'eip155:31337',
    address,
  })
  const listed = await fetch(`${inject('apiUrl')}/siwx/v1/sessions?${query}`, {
    headers: { authorization: `Bearer ${await siwxAccessToken(page, 'eip155:31337', address)}` },
  })
  const { sessions } = (await listed.json()) as {
    sessions: { address: string; message: string }[]
  }
  return sessions
}

describe('Sign-In with X verified by the server', () => {
  // headless-web3-provider signs personal_sign's hex as literal text, which no verifier accepts;
  // WalletKit signs the message bytes as wallets do, so this test connects through WalletConnect.
  it('the server issues the nonce, checks the signature and keeps the session; a reload needs no second prompt', async () => {
    const signer = TEST_ACCOUNTS[2]
    if (!signer) throw new Error('devnet accounts missing')
    const { page } = await openDemo({ url: (demo) => `${demo}?siwx=server` })
    const wallet = await startWallet({ privateKey: signer.privateKey })
    await wallet.pair(await showPairing(page))
    await view(page, 'SIWXSignMessage').waitFor()
    await page.getByTestId('siwx-sign').click()
    await expect.poll(() => modalOpen(page)).toBe(false)

    const sessions = await serverSessions(page, signer.address)
    expect(sessions.map((s) => s.address)).toEqual([signer.address])

    await page.reload()
    await expect
      .poll(() =>
        page.evaluate(() =>
          (window as unknown as { appKit: { getIsConnected(): boolean } }).appKit.getIsConnected(),
        ),
      )
      .toBe(true)
    await page.waitForTimeout(1_000)
    expect(await modalOpen(page)).toBe(false)
  })
})

describe('WalletConnect one-click auth (spec §4)', () => {
  it('a wallet that signs in while pairing lands on Account with a server session and no second prompt', async () => {
    const signer = TEST_ACCOUNTS[1]
    if (!signer) throw new Error('devnet accounts missing')
    const { page } = await openDemo({ url: (demo) => `${demo}?siwx=server` })
    const wallet = await startWallet({ privateKey: signer.privateKey, oneClickAuth: true })
    await wallet.pair(await showPairing(page))
    await view(page, 'Account').waitFor()
    await page.waitForTimeout(1_000)
    expect(await page.locator('[data-view="SIWXSignMessage"]').count()).toBe(0)
    const sessions = await serverSessions(page, signer.address)
    expect(sessions).toHaveLength(1)
    expect(sessions[0]?.message).toContain('I further authorize the stated URI')
  })
})
