import { DEVNET_TOKENS, TEST_ACCOUNTS, testTokenAbi } from '@latchkey/devnet'
import {
  createPublicClient,
  createTestClient,
  createWalletClient,
  http,
  parseEther,
  parseUnits,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { foundry } from 'viem/chains'
import { describe, expect, inject, it } from 'vitest'
import { screenshot, view } from './browser'
import { logInWithEmail, secureFrame, uniqueEmail } from './email'
import { useDemo } from './harness'

const openDemo = useDemo()
const apiUrl = inject('apiUrl')
const rpcA = inject('rpcA')
const chainA = createPublicClient({ chain: foundry, transport: http(rpcA) })
const anvil = createTestClient({ chain: foundry, transport: http(rpcA), mode: 'anvil' })
const lusd = DEVNET_TOKENS.find((t) => t.symbol === 'lUSD') as (typeof DEVNET_TOKENS)[number]
/** The demo's batch receiver (WagmiActions.tsx) */
const RECEIVER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

const lusdOf = (address: `0x${string}`) =>
  chainA.readContract({
    address: lusd.address,
    abi: testTokenAbi,
    functionName: 'balanceOf',
    args: [address],
  })

describe('Smart accounts (README "Smart accounts")', () => {
  it("an email user switches to the smart account and sends a batch with wagmi's useSendCalls, approved once in the frame", async () => {
    const { page } = await openDemo()
    const eoa = (await logInWithEmail(page, apiUrl, uniqueEmail('smart'))) as `0x${string}`

    await page.getByTestId('account-type-toggle').click()
    await expect.poll(() => page.getByTestId('account-address').getAttribute('title')).not.toBe(eoa)
    const smart = (await page.getByTestId('account-address').getAttribute('title')) as `0x${string}`
    expect(smart).toMatch(/^0x[0-9a-fA-F]{40}$/)
    expect(await chainA.getCode({ address: smart })).toBeUndefined()
    expect(await page.getByTestId('account-type-toggle').textContent()).toBe('Switch to your EOA')
    await screenshot(page, 'smart-account-account')
    await expect.poll(() => page.getByTestId('wagmi-status').textContent()).toContain(smart)

    // The smart account holds 1 ETH and 5 lUSD; the batch moves 0.001 ETH and 1 lUSD.
    await anvil.setBalance({ address: smart, value: parseEther('1') })
    const funder = createWalletClient({
      account: privateKeyToAccount(TEST_ACCOUNTS[0].privateKey),
      chain: foundry,
      transport: http(rpcA),
    })
    await chainA.waitForTransactionReceipt({
      hash: await funder.writeContract({
        address: lusd.address,
        abi: testTokenAbi,
        functionName: 'transfer',
        args: [smart, parseUnits('5', lusd.decimals)],
      }),
    })
    const [ethBefore, lusdBefore] = [
      await chainA.getBalance({ address: RECEIVER }),
      await lusdOf(RECEIVER),
    ]

    await page.getByTestId('modal-close').click()
    await page.getByTestId('send-calls').click()
    await view(page, 'ApproveTransaction').waitFor()
    await expect
      .poll(() => secureFrame(page).getByTestId('frame-approve').getAttribute('aria-disabled'))
      .toBe('false')
    const card = (await secureFrame(page).locator('.lk-details').textContent()) ?? ''
    expect(card).toContain('Call 1 of 2')
    expect(card).toContain('Call 2 of 2')
    await screenshot(page, 'smart-account-approve-batch')
    await secureFrame(page).getByTestId('frame-approve').click()
    await expect
      .poll(() => page.getByTestId('calls-status').textContent(), { timeout: 60_000 })
      .toBe('success 200 atomic')

    expect((await chainA.getBalance({ address: RECEIVER })) - ethBefore).toBe(parseEther('0.001'))
    expect((await lusdOf(RECEIVER)) - lusdBefore).toBe(parseUnits('1', lusd.decimals))
    expect(await chainA.getCode({ address: smart })).toBeDefined()
    expect(await lusdOf(eoa)).toBe(0n)

    // EIP-7811 from the page: the frame reads the services' balances across origins.
    const assets = (await page.evaluate(`(async () => {
      const core = window.appKit.core
      const engine = await core.loadEngine('eip155')
      const provider = await engine.getProvider(core.stores.account.getState().connectorId)
      return provider.request({ method: 'wallet_getAssets', params: [{ account: '${smart}' }] })
    })()`)) as Record<string, { address: string; type: string; metadata: { symbol: string } }[]>
    expect(Object.keys(assets)).toContain('0x7a69')
    expect(assets['0x7a69']).toContainEqual(
      expect.objectContaining({
        address: 'native',
        type: 'native',
        metadata: expect.objectContaining({ symbol: 'ETH' }),
      }),
    )
  })
})
