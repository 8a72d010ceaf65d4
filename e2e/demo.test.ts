import { TEST_ACCOUNTS } from '@latchkey/devnet'
import { createPublicClient, type Hex, http, verifyMessage } from 'viem'
import { describe, expect, inject, it } from 'vitest'
import { accountAfterConnect, screenshot, view } from './browser'
import { useDemo } from './harness'
import { approveConnection, Web3RequestKind } from './wallet'

const rpcA = inject('rpcA')
const account = TEST_ACCOUNTS[0]

const openDemo = useDemo()

describe('demo page', () => {
  it('before any click, wagmi ends disconnected like the hook state; no frame or WalletConnect loads for it', async () => {
    const frameUrl = inject('frameUrl')
    const { page } = await openDemo({
      // Every text the wagmi card shows, from the first render on.
      init: () => {
        const seen: string[] = []
        ;(window as unknown as { wagmiSeen: string[] }).wagmiSeen = seen
        new MutationObserver(() => {
          const text = document.querySelector('[data-testid="wagmi-status"]')?.textContent
          if (text && seen.at(-1) !== text) seen.push(text)
        }).observe(document, { subtree: true, childList: true, characterData: true })
      },
    })
    const frameRequests: string[] = []
    page.on('request', (request) => {
      if (request.url().startsWith(frameUrl)) frameRequests.push(request.url())
    })
    await expect.poll(() => page.getByTestId('wagmi-status').textContent()).toMatch(/disconnected/)
    await page.waitForTimeout(1500)
    const seen = await page.evaluate(() => (window as unknown as { wagmiSeen: string[] }).wagmiSeen)
    // wagmi's own reconnect asks the installed wallet (its 'connecting', for that moment);
    // it ends disconnected, and nothing loads the frame for it.
    expect(seen.at(-1)?.trim()).toBe('wagmi: disconnected')
    expect(seen.every((text) => /^wagmi: (connecting|disconnected)\s*$/.test(text))).toBe(true)
    expect(await page.getByTestId('state-status').textContent()).toBe('disconnected')
    expect(await page.locator('iframe[data-latchkey-frame]').count()).toBe(0)
    expect(frameRequests).toEqual([])
  })

  it("the app's own wagmi hooks sign and send through the connection the modal made; the frame never loads for it", async () => {
    const frameUrl = inject('frameUrl')
    const { page, wallet } = await openDemo()
    // An app that only uses an injected wallet never loads the embedded wallet's frame
    const frameRequests: string[] = []
    page.on('request', (request) => {
      if (request.url().startsWith(frameUrl)) frameRequests.push(request.url())
    })
    await page.getByTestId('connect-button').click()
    await page.locator('[data-wallet-id="headless-web3-provider"]').click()
    await approveConnection(wallet)
    await accountAfterConnect(page)
    await page.getByTestId('modal-close').click()
    await expect.poll(() => page.getByTestId('wagmi-status').textContent()).toContain('connected')

    await page.getByTestId('sign-message').click()
    await wallet.authorize(Web3RequestKind.SignMessage)
    await expect
      .poll(() => page.getByTestId('signature').textContent())
      .toMatch(/^0x[0-9a-f]{130}$/)
    const signature = (await page.getByTestId('signature').textContent()) as Hex
    // headless-web3-provider signs the 0x-hex string wagmi sends as literal text.
    const sent = `0x${Buffer.from('Hello from Latchkey').toString('hex')}`
    expect(await verifyMessage({ address: account.address, message: sent, signature })).toBe(true)

    await page.getByTestId('send-transaction').click()
    await wallet.authorize(Web3RequestKind.SendTransaction)
    await expect.poll(() => page.getByTestId('tx-hash').textContent()).toMatch(/^0x[0-9a-f]{64}$/)
    const hash = (await page.getByTestId('tx-hash').textContent()) as Hex
    const receipt = await createPublicClient({ transport: http(rpcA) }).waitForTransactionReceipt({
      hash,
    })
    expect(receipt.status).toBe('success')
    expect(receipt.from.toLowerCase()).toBe(account.address.toLowerCase())
    await screenshot(page, 'demo-after-wagmi-actions')
    expect(await page.locator('iframe[data-latchkey-frame]').count()).toBe(0)
    expect(frameRequests).toEqual([])
  })

  it('survives corrupted storage: bad values are ignored and the modal still opens', async () => {
    const { page, errors } = await openDemo({
      init: () => {
        localStorage.setItem('@latchkey/active_caip_network_id', 'eip155:not:a:network')
        localStorage.setItem('@latchkey/connected_connector_id:eip155', 'gone.wallet')
        localStorage.setItem('@latchkey/recent_wallets', '[{"id": 42}, {broken json')
        localStorage.setItem('@latchkey/connected_namespaces', 'eip155,,eip155,notanamespace')
        localStorage.setItem('@latchkey/deep_link_choice', '"just a string"')
      },
    })
    await expect
      .poll(() => page.getByTestId('state-status').textContent(), { timeout: 10_000 })
      .toBe('disconnected')
    expect(await page.getByTestId('state-chain').textContent()).toContain('eip155:31337')
    await page.getByTestId('connect-button').click()
    await view(page, 'Connect').waitFor()
    expect(await page.locator('[data-wallet-id="headless-web3-provider"]').count()).toBe(1)
    expect(errors).toEqual([])
  })
  it('the language picker switches the modal, right to left for Arabic, and back to English', async () => {
    const { page, errors } = await openDemo()
    await page.getByTestId('modal-language').selectOption('ar')
    await expect.poll(() => page.getByTestId('state-locale').textContent()).toBe('ar (rtl)')
    await page.getByTestId('connect-button').click()
    const dialog = page.getByRole('dialog')
    await dialog.waitFor()
    expect(await dialog.getAttribute('dir')).toBe('rtl')
    expect(await dialog.getAttribute('lang')).toBe('ar')
    await dialog.getByText('كل المحافظ').waitFor()
    await screenshot(page, 'demo-language-ar')
    await page.keyboard.press('Escape')
    await page.getByTestId('modal-language').selectOption('en')
    await expect.poll(() => page.getByTestId('state-locale').textContent()).toBe('en (ltr)')
    await page.getByTestId('connect-button').click()
    await page.getByRole('dialog').getByText('All Wallets').waitFor()
    expect(errors).toEqual([])
  })
})
