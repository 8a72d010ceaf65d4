// Key export (issue 30) as a visitor does it: email login → Account → Export private key → the
// frame's card (warning, confirm, hold Reveal). The key is read from the frame's card only; the
// test then looks for it everywhere the page could have seen it: the host's DOM, its storage,
// every message either document received, the console. The key imports into wallets we did not
// write (viem's account, headless-web3-provider) and moves the address's funds.
import type { Page } from 'playwright-core'
import {
  createPublicClient,
  createTestClient,
  createWalletClient,
  type Hex,
  http,
  parseEther,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { foundry } from 'viem/chains'
import { describe, expect, inject, it } from 'vitest'
import { accountAfterConnect, screenshot, view } from './browser'
import { frameSettled, logInWithEmail, mailsTo, secureFrame, uniqueEmail } from './email'
import { useDemo } from './harness'
import { approveConnection } from './wallet'

const openDemo = useDemo()
const apiUrl = inject('apiUrl')
const rpcA = inject('rpcA')
const DEAD = '0x000000000000000000000000000000000000dEaD'

/** In every document (the page and the frame): each message received, as JSON */
const RECORD_MESSAGES = () => {
  const seen: string[] = []
  ;(window as unknown as { __seenMessages: string[] }).__seenMessages = seen
  window.addEventListener('message', (event) => {
    try {
      seen.push(JSON.stringify(event.data))
    } catch {
      seen.push(String(event.data))
    }
  })
}

/** What each document of the page holds: its DOM, storage and the messages it received */
async function everythingSeen(page: Page) {
  const seen: string[] = []
  for (const frame of page.frames()) {
    const isHost = frame === page.mainFrame()
    seen.push(
      await frame.evaluate(
        (withDom) =>
          JSON.stringify({
            dom: withDom ? document.documentElement.outerHTML : '',
            local: { ...localStorage },
            session: { ...sessionStorage },
            messages: (window as unknown as { __seenMessages?: string[] }).__seenMessages ?? [],
          }),
        isHost,
      ),
    )
  }
  return seen.join('\n')
}

describe('Key export through the embedded wallet (issue 30)', () => {
  it('shows the key only in the frame after the warning; nothing on the page sees it; it moves the funds and imports into headless-web3-provider', async () => {
    const { page } = await openDemo({ init: RECORD_MESSAGES })
    const consoleLines: string[] = []
    page.on('console', (message) => consoleLines.push(message.text()))
    const email = uniqueEmail('export')
    const address = (await logInWithEmail(page, apiUrl, email)) as Hex

    await page.getByTestId('account-export-key').click()
    await page.getByTestId('export-frame-slot').waitFor()
    const card = secureFrame(page)
    await card.getByTestId('frame-export').waitFor()
    await frameSettled(page, 'export-frame-slot')
    await screenshot(page, 'key-export-warning')
    await card.getByTestId('frame-export-understand').check()
    await card.getByTestId('frame-export-show').click()
    const box = card.getByTestId('frame-export-key')
    await box.waitFor()
    expect(await box.textContent()).toBe('•'.repeat(24))
    await screenshot(page, 'key-export-masked')

    // Held, the key shows; released, it is masked again
    await card.getByTestId('frame-export-reveal').hover()
    await page.mouse.down()
    await expect.poll(() => box.textContent()).toMatch(/^0x[0-9a-f]{64}$/)
    const key = (await box.textContent()) as Hex
    await screenshot(page, 'key-export-revealed')
    await page.mouse.up()
    await expect.poll(() => box.textContent()).toBe('•'.repeat(24))

    const account = privateKeyToAccount(key)
    expect(account.address).toBe(address)
    const secret = key.slice(2)
    expect(await everythingSeen(page)).not.toContain(secret)
    expect(consoleLines.join('\n')).not.toContain(secret)

    await card.getByTestId('frame-export-done').click()
    await page.getByTestId('account-export-key').waitFor()
    expect(await everythingSeen(page)).not.toContain(secret)
    await expect
      .poll(async () => (await mailsTo(apiUrl, email)).map((m) => m.subject))
      .toContain('Your wallet key was exported')

    // The key controls the address's funds outside Latchkey
    const chain = { ...foundry, rpcUrls: { default: { http: [rpcA] } } }
    await createTestClient({ mode: 'anvil', transport: http(rpcA) }).setBalance({
      address,
      value: parseEther('1'),
    })
    const wallet = createWalletClient({ account, chain, transport: http(rpcA) })
    const hash = await wallet.sendTransaction({ to: DEAD, value: parseEther('0.25') })
    const receipt = await createPublicClient({
      chain,
      transport: http(rpcA),
    }).waitForTransactionReceipt({ hash })
    expect([receipt.status, receipt.from.toLowerCase()]).toEqual(['success', address.toLowerCase()])

    // ... and imports into a browser wallet we did not write, as the same account
    await page.context().close()
    const other = await openDemo({ privateKey: key })
    await other.page.getByTestId('connect-button').click()
    await other.page.locator('[data-wallet-id="headless-web3-provider"]').click()
    await approveConnection(other.wallet)
    await accountAfterConnect(other.page)
    expect(await other.page.getByTestId('account-address').getAttribute('title')).toBe(address)
  })

  it('the frame follows its slot when the view moves it; Cancel leaves Account as it was, with no error shown', async () => {
    const { page } = await openDemo({ init: RECORD_MESSAGES })
    await logInWithEmail(page, apiUrl, uniqueEmail('cancel'))
    await page.getByTestId('account-export-key').click()
    const card = secureFrame(page)
    await card.getByTestId('frame-export').waitFor()
    await frameSettled(page, 'export-frame-slot')
    // Content above the slot moves it (a list that loads late), with no scroll or resize of
    // its own: the frame follows, and its card stays where the visitor sees the slot.
    const slot = page.getByTestId('export-frame-slot')
    const before = await slot.boundingBox()
    await slot.evaluate((node) => {
      const late = document.createElement('div')
      late.style.height = '48px'
      node.before(late)
    })
    await expect.poll(async () => (await slot.boundingBox())?.y).not.toBe(before?.y)
    await frameSettled(page, 'export-frame-slot')
    await card.getByTestId('frame-export-cancel').click()
    await screenshot(page, 'key-export-cancelled')
    await page.getByTestId('account-export-key').waitFor()
    await view(page, 'Account').waitFor()
    expect(await page.getByTestId('key-export-error').count()).toBe(0)
  })
})
