import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type Devnet, findFreePort, startDevnet, TEST_ACCOUNTS } from '@latchkey/devnet'
import { type RunningServer, startServer } from '@latchkey/server'
import type { Browser, Page } from 'playwright-core'
import { verifyMessage } from 'viem'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { serveBuild } from '../../bench/build.ts'
import { launchBrowser, screenshot, view } from '../../e2e/browser.ts'
import { approveConnection, injectHeadlessWeb3Provider, Web3RequestKind } from '../../e2e/wallet.ts'
import {
  buildConsumerApp,
  CONSUMER_APPS,
  createConsumerApp,
  inApp,
  installApp,
  NEXT_APP,
  typeErrorsOutside,
} from './consumerApp.ts'
import { startNext } from './nextServer.ts'

const PROJECT_ID = 'c4b1e7d2a9f04e6b8d3a5f1e2c7b9a60'
const MESSAGE = 'Signed in an app that installed Latchkey from npm'

/**
 * wagmi's own declarations do not pass `skipLibCheck: false` with current TypeScript and
 * dependencies (@wagmi/core 2.22 with TypeScript 5.9; @wagmi/core 3 with @tanstack/query-core
 * 5.108), Latchkey or not. Errors there are wagmi's; an error anywhere else (the app, our
 * packages, or a package our types pull in) fails the test.
 */
const THIRD_PARTY_TYPE_ERRORS = ['node_modules/@wagmi/core/', 'node_modules/wagmi/']

let workDir: string
let devnet: Devnet
let server: RunningServer
let browser: Browser
let appPort: number

/**
 * Opens the app with the headless test wallet on chain 31337 and connects it through the modal;
 * resolves once the app's own wagmi `useAccount` shows the address.
 */
async function connectInApp(page: Page, url: string) {
  const account = TEST_ACCOUNTS[0]
  const wallet = await injectHeadlessWeb3Provider(
    page,
    [account.privateKey],
    31337,
    devnet.chains[0]?.rpcUrl ?? '',
  )
  await page.goto(url)
  await page.getByTestId('connect-button').click()
  await view(page, 'Connect').waitFor()
  await page.locator('[data-wallet-id="headless-web3-provider"]').click()
  await approveConnection(wallet)
  await expect.poll(() => page.getByTestId('wagmi-address').textContent()).toBe(account.address)
  return { wallet, account }
}

/** The app's production build served, a fresh browser page on it; no page error allowed. */
async function inBuiltApp(dir: string, run: (page: Page, url: string) => Promise<void>) {
  const served = await serveBuild(dir, `${dir}/dist`, appPort)
  const context = await browser.newContext({ viewport: { width: 1100, height: 760 } })
  try {
    const page = await context.newPage()
    page.setDefaultTimeout(20_000)
    const errors: string[] = []
    page.on('pageerror', (error) => errors.push(error.message))
    await run(page, served.url)
    expect(errors).toEqual([])
  } finally {
    await context.close()
    await served.close()
  }
}

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'latchkey-consumers-'))
  const [chainPort, port] = await Promise.all([findFreePort(), findFreePort()])
  appPort = port
  devnet = await startDevnet({ chains: [{ chainId: 31337, port: chainPort }], solana: false })
  server = await startServer({
    port: 0,
    databaseUrl: null,
    dataDir: 'memory://',
    logLevel: 'silent',
    allowedOrigins: [`http://127.0.0.1:${appPort}`],
    chains: devnet.chains.map(({ chainId, rpcUrl }) => ({ chainId, rpcUrl })),
  })
  browser = await launchBrowser()
})

afterAll(async () => {
  await browser?.close()
  await server?.close()
  await devnet?.stop()
  if (workDir) await rm(workDir, { recursive: true, force: true })
})

/**
 * The app's "Sign a message" button, approved in the wallet: whether the signature shown is the
 * account's. headless-web3-provider signs the 0x-hex string it is sent as literal text.
 */
async function signsInApp(
  page: Page,
  wallet: Awaited<ReturnType<typeof connectInApp>>['wallet'],
  address: `0x${string}`,
) {
  await page.getByTestId('sign').click()
  await wallet.authorize(Web3RequestKind.SignMessage)
  await expect.poll(() => page.getByTestId('signature').textContent()).toMatch(/^0x/)
  const signature = (await page.getByTestId('signature').textContent()) as `0x${string}`
  const sent = `0x${Buffer.from(MESSAGE).toString('hex')}`
  return verifyMessage({ address, message: sent, signature })
}

describe.each(CONSUMER_APPS)(
  '$name: an AppKit app with @latchkey/* from the packed tarballs',
  (spec) => {
    let dir: string

    it('installs, type-checks (lib ES2020, skipLibCheck off) and builds for production', async () => {
      dir = await createConsumerApp(spec, inject('packs'), workDir)
      await installApp(dir)
      const installed = JSON.parse(
        await readFile(`${dir}/node_modules/@latchkey/react/package.json`, 'utf8'),
      )
      expect(installed.exports['.'].import).toBe('./dist/exports/index.js')
      expect(await typeErrorsOutside(dir, THIRD_PARTY_TYPE_ERRORS)).toEqual([])
      const [chain] = devnet.chains
      await buildConsumerApp(dir, {
        rpcUrl: chain?.rpcUrl ?? '',
        projectId: PROJECT_ID,
        apiUrl: server.url,
        relayUrl: server.relayUrl,
      })
      const html = await readFile(`${dir}/dist/index.html`, 'utf8')
      expect(html).toContain(`<meta name="latchkey-api-url" content="${server.url}" />`)
    })

    it('connects the wallet through the modal; the app’s own wagmi hooks see it and sign', async () => {
      await inBuiltApp(dir, async (page, url) => {
        const { wallet, account } = await connectInApp(page, url)
        await screenshot(page, `consumer-${spec.name}-connected`)

        expect(await signsInApp(page, wallet, account.address)).toBe(true)
      })
    })

    it('without React code of its own (AppKit’s framework-free setup), connects in <appkit-modal>', async () => {
      await inBuiltApp(dir, async (page, url) => {
        const { wallet, account } = await connectInApp(page, `${url}vanilla.html`)
        // AppKit's getWalletProvider(): the wallet's own provider signs, announced once connected.
        expect(await signsInApp(page, wallet, account.address)).toBe(true)
        expect(await page.getByTestId('signature').getAttribute('data-provider')).toBe('ANNOUNCED')
        // The modal mounted where the page placed it, inline (enableEmbedded).
        await page.getByTestId('account-button').click()
        const dialog = page.locator('appkit-modal [role="dialog"]')
        await dialog.locator('[data-view="Account"]').waitFor()
        expect(await dialog.getAttribute('aria-modal')).toBe('false')
        await screenshot(page, `consumer-${spec.name}-vanilla`)
      })
    })
  },
)

describe('next-app-router: AppKit’s Next.js setup (App Router, ssr: true) from the packed tarballs', () => {
  let dir: string
  const env = () => ({
    NEXT_PUBLIC_PROJECT_ID: PROJECT_ID,
    NEXT_PUBLIC_RPC_URL: devnet.chains[0]?.rpcUrl ?? '',
    NEXT_PUBLIC_LATCHKEY_API_URL: server.url,
    NEXT_PUBLIC_LATCHKEY_RELAY_URL: server.relayUrl,
    NEXT_TELEMETRY_DISABLED: '1',
  })

  it('installs, type-checks and builds for production', async () => {
    dir = await createConsumerApp(NEXT_APP, inject('packs'), workDir)
    await installApp(dir)
    expect(await typeErrorsOutside(dir, THIRD_PARTY_TYPE_ERRORS)).toEqual([])
    await inApp(dir, process.execPath, ['node_modules/next/dist/bin/next', 'build'], env())
  })

  it('server-renders every route; concurrent requests each keep their own state; the wallet connects', async () => {
    const next = await startNext(dir, appPort, env())
    const context = await browser.newContext({ viewport: { width: 1100, height: 760 } })
    try {
      const get = async (path: string) => {
        const response = await fetch(`${next.url}${path}`)
        return { status: response.status, html: await response.text() }
      }
      const [home, account, other, first] = await Promise.all([
        get('/'),
        get('/account'),
        get('/provider?net=other'),
        get('/provider'),
      ])
      expect([home.status, account.status, other.status, first.status]).toEqual([
        200, 200, 200, 200,
      ])
      expect(home.html).toContain('<p data-testid="appkit-status">disconnected</p>')
      expect(home.html).toContain('<p data-testid="network">eip155:31337</p>')
      expect(home.html).toContain(`<meta name="latchkey-api-url" content="${server.url}"/>`)
      expect(account.html).toContain('<appkit-account-button balance="hide">')
      expect(other.html).toContain('<p data-testid="provider-network">eip155:31338</p>')
      expect(first.html).toContain('<p data-testid="provider-network">eip155:31337</p>')
      expect(next.output()).not.toMatch(/(window|document|localStorage) is not defined|⨯|Error:/)

      const page = await context.newPage()
      page.setDefaultTimeout(20_000)
      const errors: string[] = []
      page.on('pageerror', (error) => errors.push(error.message))
      await connectInApp(page, next.url)
      await expect.poll(() => page.getByTestId('appkit-status').textContent()).toBe('connected')
      await screenshot(page, 'consumer-next-app-router-connected')
      expect(errors).toEqual([])
    } finally {
      await context.close()
      await next.stop()
    }
  })
})
