import { createPublicKey, verify } from 'node:crypto'
import { SOLANA_TEST_ACCOUNTS, type SolanaDevnet, startSolanaDevnet } from '@latchkey/devnet'
import {
  AccountRole,
  address,
  appendTransactionMessageInstructions,
  compileTransaction,
  createSolanaRpc,
  createTransactionMessage,
  getBase58Decoder,
  getBase58Encoder,
  getBase64Decoder,
  getTransactionEncoder,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
} from '@solana/kit'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser } from './browser'
import { generateSecretKey, injectSolanaWallet } from './solanaWallet'

const ORIGIN = 'http://wallet.test/'

/** An app's half of the Wallet Standard protocol, as @wallet-standard/app does it, as a page script. */
const APP_SIDE = `(() => {
  window.__wallets = [];
  const api = { register: (...wallets) => { window.__wallets.push(...wallets); return () => undefined } };
  window.addEventListener('wallet-standard:register-wallet', (event) => event.detail(api));
  window.__appReady = () => window.dispatchEvent(Object.assign(new Event('wallet-standard:app-ready'), { detail: api }));
})()`

let devnet: SolanaDevnet
let browser: Browser

beforeAll(async () => {
  ;[devnet, browser] = await Promise.all([startSolanaDevnet({ port: 0 }), launchBrowser()])
})
afterAll(async () => {
  await Promise.all([browser?.close(), devnet?.stop()])
})

async function blankPage(): Promise<Page> {
  const page = await (await browser.newContext()).newPage()
  await page.route(`${ORIGIN}**`, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>blank</title>' }),
  )
  await page.addInitScript(APP_SIDE)
  return page
}

/** A System transfer, unsigned, as base64 wire bytes. */
async function transfer(from: string, to: string, lamports: bigint) {
  const { value } = await createSolanaRpc(devnet.rpcUrl).getLatestBlockhash().send()
  const data = new Uint8Array(12)
  const view = new DataView(data.buffer)
  view.setUint32(0, 2, true)
  view.setBigUint64(4, lamports, true)
  const message = pipe(
    createTransactionMessage({ version: 'legacy' }),
    (m) => setTransactionMessageFeePayer(address(from), m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(value, m),
    (m) =>
      appendTransactionMessageInstructions(
        [
          {
            programAddress: address('11111111111111111111111111111111'),
            accounts: [
              { address: address(from), role: AccountRole.WRITABLE_SIGNER },
              { address: address(to), role: AccountRole.WRITABLE },
            ],
            data,
          },
        ],
        m,
      ),
  )
  return getBase64Decoder().decode(getTransactionEncoder().encode(compileTransaction(message)))
}

describe('the Solana test wallet in a page', () => {
  it('registers both ways, connects, signs and sends with the real key, and follows the test', async () => {
    const account = SOLANA_TEST_ACCOUNTS[0]
    if (!account) throw new Error('no Solana test account')
    const page = await blankPage()
    const wallet = await injectSolanaWallet(page, {
      secretKey: account.secretKey,
      rpcUrl: devnet.rpcUrl,
      chain: devnet.caipNetworkId,
    })
    await page.goto(ORIGIN)

    // Registered through 'wallet-standard:register-wallet' (app first) and 'app-ready' (wallet first)
    const info = await page.evaluate(`(async () => {
      window.__appReady();
      const [byEvent, byReady] = window.__wallets;
      const wallet = byEvent;
      const { accounts } = await wallet.features['standard:connect'].connect();
      window.__changes = [];
      wallet.features['standard:events'].on('change', (c) => window.__changes.push(c.accounts.length));
      return {
        same: byEvent === byReady, name: wallet.name, chains: wallet.chains,
        features: Object.keys(wallet.features), icon: wallet.icon.slice(0, 26),
        address: accounts[0].address, publicKey: Array.from(accounts[0].publicKey),
      };
    })()`)
    expect(info).toEqual({
      same: true,
      name: 'E2E Solana Wallet',
      chains: [devnet.caipNetworkId],
      features: [
        'standard:connect',
        'standard:disconnect',
        'standard:events',
        'solana:signMessage',
        'solana:signTransaction',
        'solana:signAndSendTransaction',
      ],
      icon: 'data:image/svg+xml;base64,',
      address: account.address,
      publicKey: Array.from(account.secretKey.slice(32)),
    })

    // signMessage: an ed25519 signature by the account's key
    const signed = (await page.evaluate(`(async () => {
      const wallet = window.__wallets[0];
      const [out] = await wallet.features['solana:signMessage'].signMessage({
        account: wallet.accounts[0], message: new TextEncoder().encode('hello'),
      });
      return Array.from(out.signature);
    })()`)) as number[]
    const spki = Buffer.concat([
      Buffer.from('302a300506032b6570032100', 'hex'),
      account.secretKey.slice(32),
    ])
    const publicKey = createPublicKey({ key: spki, format: 'der', type: 'spki' })
    expect(verify(null, Buffer.from('hello'), publicKey, Uint8Array.from(signed))).toBe(true)

    // signAndSendTransaction: submitted to the local RPC, the lamports arrive
    const receiver = getBase58Decoder().decode(generateSecretKey().slice(32))
    const wire = await transfer(account.address, receiver, 1_000_000n)
    const signature = (await page.evaluate(
      `(async ([wire, chain]) => {
        const wallet = window.__wallets[0];
        const [out] = await wallet.features['solana:signAndSendTransaction'].signAndSendTransaction({
          account: wallet.accounts[0], chain, transaction: Uint8Array.from(atob(wire), (c) => c.charCodeAt(0)),
        });
        return Array.from(out.signature);
      })(${JSON.stringify([wire, devnet.caipNetworkId])})`,
    )) as number[]
    const rpc = createSolanaRpc(devnet.rpcUrl)
    const sig = getBase58Decoder().decode(Uint8Array.from(signature))
    expect(getBase58Encoder().encode(sig)).toHaveLength(64)
    expect((await rpc.getBalance(address(receiver)).send()).value).toBe(1_000_000n)

    // The test refuses the next signature: the page sees a 4001
    wallet.rejectNext('sign')
    const refusal = await page.evaluate(`(async () => {
      const wallet = window.__wallets[0];
      try {
        await wallet.features['solana:signMessage'].signMessage({ account: wallet.accounts[0], message: new Uint8Array([1]) });
        return 'signed';
      } catch (error) { return { code: error.code, message: error.message } }
    })()`)
    expect(refusal).toEqual({ code: 4001, message: 'User rejected the request.' })

    // After a reload the wallet still knows the dapp: a silent connect gives the account
    await page.reload()
    const again = await page.evaluate(`(async () => {
      const { accounts } = await window.__wallets[0].features['standard:connect'].connect({ silent: true });
      window.__changes = [];
      window.__wallets[0].features['standard:events'].on('change', (c) => window.__changes.push(c.accounts.length));
      return accounts.map((a) => a.address);
    })()`)
    expect(again).toEqual([account.address])

    // The wallet disconnects on its own: 'change' with no accounts; silent connect now gives none
    await wallet.disconnectFromWallet()
    expect(await page.evaluate('window.__changes')).toEqual([0])
    expect(
      await page.evaluate(
        `window.__wallets[0].features['standard:connect'].connect({ silent: true }).then((r) => r.accounts.length)`,
      ),
    ).toBe(0)
    expect(wallet.requests.map((r) => r.op)).toEqual([
      'connect',
      'signMessage',
      'signAndSendTransaction',
      'signMessage',
      'connect',
      'connect',
    ])
    await page.context().close()
  })
})
