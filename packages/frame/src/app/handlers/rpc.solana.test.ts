// Solana requests through the whole frame (APP_RPC_REQUEST with chainNamespace 'solana'): the
// approval card, signatures checked with @solana/kit, transactions sent to the local Solana
// devnet; and the Solana key's life next to the EVM one (made at login, retried, never required).
// Node environment (under jsdom's globals kit's signing and verifying refuse their own bytes);
// each frame gets a jsdom document of its own.
import { createRequire } from 'node:module'
import {
  SOLANA_TEST_ACCOUNTS,
  type SolanaDevnet,
  sendSolanaTransfer,
  startSolanaDevnet,
} from '@latchkey/devnet'
import {
  address,
  appendTransactionMessageInstructions,
  compileTransaction,
  createNoopSigner,
  createSolanaRpc,
  createTransactionMessage,
  generateKeyPairSigner,
  getBase64EncodedWireTransaction,
  getPublicKeyFromAddress,
  getTransactionDecoder,
  pipe,
  type SignatureBytes,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  verifySignature,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { REQUEST_ABORTED, RPC_NOT_ALLOWED, USER_REJECTED } from '../../protocol/rpcRules.ts'
import { base58Decode, base58Encode } from '../base58.ts'
import { base64ToBytes, importWrappingKey } from '../keys.ts'
import {
  encryptSolanaSeed,
  generateSolanaSeed,
  SOLANA_UNSUPPORTED,
  solanaAddressOf,
} from '../solanaKey.ts'
import { createFakeAuthServer } from '../testing/fakeAuthServer.ts'
import { createHarness, failure, type Harness, HOST, ok, signIn } from '../testing/harness.ts'
import { NOT_CONNECTED } from '../wallet.ts'

// jsdom ships no types; this is all the test needs of it.
const { JSDOM } = createRequire(import.meta.url)('jsdom') as {
  JSDOM: new (html: string) => { window: { document: Document } }
}
const newDocument = () => new JSDOM('<!doctype html><html><body></body></html>').window.document

const EMAIL = 'visitor@example.com'
const SOL = 1_000_000_000n
const [FUNDER] = SOLANA_TEST_ACCOUNTS

let devnet: SolanaDevnet
/** The devnet's chain reference, as the host sends it */
let chainId: string

beforeAll(async () => {
  devnet = await startSolanaDevnet({ port: 0 })
  chainId = devnet.caipNetworkId.split(':')[1] ?? ''
})
afterAll(async () => {
  await devnet?.stop()
})

const rpc = () => createSolanaRpc(devnet.rpcUrl)

async function connected() {
  const h = await createHarness({ document: newDocument() })
  await signIn(h)
  const solanaAddress = h.server.userByEmail(EMAIL)?.solanaAddress
  if (!solanaAddress) throw new Error('no Solana wallet')
  return { h, solanaAddress }
}

function solanaRequest(h: Harness, method: string, params: unknown) {
  return h.send('APP_RPC_REQUEST', {
    method,
    params,
    chainNamespace: 'solana',
    chainId,
    rpcUrl: devnet.rpcUrl,
  })
}

async function approveNext(h: Harness, which: 'approve' | 'reject' = 'approve') {
  await h.approvalShown()
  h.button(which).click()
}

const card = (h: Harness) => ({
  title: h.doc.querySelector('[data-testid="frame-approval"] h1')?.textContent,
  origin: h.doc.querySelector('[data-testid="frame-origin"]')?.textContent,
  details: h.doc.querySelector('.lk-details')?.textContent ?? '',
  ask: h.doc.querySelector('.lk-ask')?.textContent,
})

async function transfer(from: string, to: string, lamports: bigint) {
  const { value: lifetime } = await rpc().getLatestBlockhash().send()
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayer(address(from), m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(lifetime, m),
    (m) =>
      appendTransactionMessageInstructions(
        [
          getTransferSolInstruction({
            source: createNoopSigner(address(from)),
            destination: address(to),
            amount: lamports,
          }),
        ],
        m,
      ),
  )
  return getBase64EncodedWireTransaction(compileTransaction(message)) as string
}

async function verifies(signer: string, signature: Uint8Array, message: Uint8Array) {
  const publicKey = await getPublicKeyFromAddress(address(signer))
  return verifySignature(publicKey, signature as SignatureBytes, message)
}

async function landed(signature: string) {
  for (let i = 0; i < 200; i++) {
    const { value } = await rpc()
      .getSignatureStatuses([signature as never])
      .send()
    if (value[0]) return value[0]
    await new Promise((r) => setTimeout(r, 20))
  }
  throw new Error(`${signature} did not land`)
}

const balance = async (of: string) => (await rpc().getBalance(address(of)).send()).value

describe('Solana requests', () => {
  it('solana_signMessage: the card shows the origin and the text; the signature verifies', async () => {
    const { h, solanaAddress } = await connected()
    ok(await h.send('APP_SYNC_DAPP_DATA', { metadata: { name: 'Demo dapp' } }))
    const text = 'Sign in to Demo\nNonce: 42'
    const pending = solanaRequest(h, 'solana_signMessage', {
      message: base58Encode(new TextEncoder().encode(text)),
      pubkey: solanaAddress,
    })
    await h.approvalShown()
    expect(card(h)).toMatchObject({
      title: 'Sign message',
      origin: HOST,
      ask: 'Demo dapp asks you to sign a message',
    })
    expect(h.doc.querySelector('.lk-details pre')?.textContent).toBe(text)
    expect(card(h).details).toContain(`Account${solanaAddress}`)
    h.button('approve').click()
    const { result } = ok(await pending) as { result: { signature: string } }
    const signature = base58Decode(result.signature) ?? new Uint8Array()
    expect(await verifies(solanaAddress, signature, new TextEncoder().encode(text))).toBe(true)
  })

  it('solana_signTransaction: shows fee payer, instructions, transfer, size; the devnet takes it', async () => {
    const { h, solanaAddress } = await connected()
    if (!FUNDER) throw new Error('no funder')
    await sendSolanaTransfer(devnet.rpcUrl, FUNDER, solanaAddress, SOL)
    const to = (await generateKeyPairSigner()).address
    const transaction = await transfer(solanaAddress, to, SOL / 10n)
    const pending = solanaRequest(h, 'solana_signTransaction', { transaction })
    await h.approvalShown()
    const shown = card(h)
    expect(shown.title).toBe('Sign transaction')
    expect(shown.details).toContain(`Fee payer${solanaAddress}`)
    expect(shown.details).toContain('Instructions1 (System Program)')
    expect(shown.details).toContain(`Transfer0.1 SOL to ${to}`)
    expect(shown.details).toContain(`Size${base64ToBytes(transaction).length} bytes`)
    h.button('approve').click()
    const { result } = ok(await pending) as { result: { transaction: string } }
    const signed = getTransactionDecoder().decode(base64ToBytes(result.transaction))
    const signature = signed.signatures[address(solanaAddress)]
    if (!signature) throw new Error('unsigned')
    expect(await verifies(solanaAddress, signature, new Uint8Array(signed.messageBytes))).toBe(true)
    const sent = await rpc()
      .sendTransaction(result.transaction as never, { encoding: 'base64' })
      .send()
    expect((await landed(sent)).err).toBeNull()
    expect(await balance(to)).toBe(SOL / 10n)
  })

  it("solana_signAndSendTransaction sends to the request's RPC URL", async () => {
    const { h, solanaAddress } = await connected()
    if (!FUNDER) throw new Error('no funder')
    await sendSolanaTransfer(devnet.rpcUrl, FUNDER, solanaAddress, SOL)
    const to = (await generateKeyPairSigner()).address
    const pending = solanaRequest(h, 'solana_signAndSendTransaction', {
      transaction: await transfer(solanaAddress, to, 2_000_000n),
      options: { preflightCommitment: 'confirmed' },
    })
    await h.approvalShown()
    expect(card(h).title).toBe('Send transaction')
    h.button('approve').click()
    const { result } = ok(await pending) as { result: { signature: string } }
    expect(base58Decode(result.signature)).toHaveLength(64)
    expect((await landed(result.signature)).err).toBeNull()
    expect(await balance(to)).toBe(2_000_000n)
  })

  it('solana_signAndSendTransaction uses the URL its chain was switched to, and says when there is none', async () => {
    const { h, solanaAddress } = await connected()
    if (!FUNDER) throw new Error('no funder')
    await sendSolanaTransfer(devnet.rpcUrl, FUNDER, solanaAddress, SOL)
    const to = (await generateKeyPairSigner()).address
    const send = async () =>
      h.send('APP_RPC_REQUEST', {
        method: 'solana_signAndSendTransaction',
        params: { transaction: await transfer(solanaAddress, to, 1_000_000n) },
        chainNamespace: 'solana',
        chainId,
      })
    // No URL known for the chain: refused before any card.
    expect(failure(await send())).toEqual({ message: `No RPC URL for chain ${chainId}` })
    ok(await h.send('APP_SWITCH_NETWORK', { chainId, rpcUrl: devnet.rpcUrl }))
    const second = send()
    await approveNext(h)
    const { result } = ok(await second) as { result: { signature: string } }
    expect((await landed(result.signature)).err).toBeNull()
    expect(await balance(to)).toBe(1_000_000n)
  })

  it('solana_signAllTransactions: one card for all, each signed', async () => {
    const { h, solanaAddress } = await connected()
    const transactions = [
      await transfer(solanaAddress, FUNDER?.address ?? '', 1n),
      await transfer(solanaAddress, FUNDER?.address ?? '', 2n),
      await transfer(solanaAddress, FUNDER?.address ?? '', 3n),
    ]
    const pending = solanaRequest(h, 'solana_signAllTransactions', { transactions })
    await h.approvalShown()
    expect(card(h)).toMatchObject({
      title: 'Sign transactions',
      ask: 'This site asks you to sign 3 transactions',
    })
    h.button('approve').click()
    const { result } = ok(await pending) as { result: { transactions: string[] } }
    expect(result.transactions).toHaveLength(3)
    for (const encoded of result.transactions) {
      const signed = getTransactionDecoder().decode(base64ToBytes(encoded))
      const signature = signed.signatures[address(solanaAddress)] ?? new Uint8Array()
      expect(await verifies(solanaAddress, signature, new Uint8Array(signed.messageBytes))).toBe(
        true,
      )
    }
  })

  it('Reject answers 4001; APP_RPC_ABORT ends a pending one', async () => {
    const { h, solanaAddress } = await connected()
    const params = { message: base58Encode(new Uint8Array([1, 2])), pubkey: solanaAddress }
    const rejected = solanaRequest(h, 'solana_signMessage', params)
    await approveNext(h, 'reject')
    expect(failure(await rejected)).toEqual({ message: USER_REJECTED, code: 4001 })
    const aborted = solanaRequest(h, 'solana_signMessage', params)
    await h.approvalShown()
    ok(await h.send('APP_RPC_ABORT', {}))
    expect(failure(await aborted)).toEqual({ message: REQUEST_ABORTED })
  })

  it('refuses another key, the wrong namespace, Solana reads, and no session', async () => {
    const { h } = await connected()
    const message = base58Encode(new Uint8Array([1]))
    expect(
      failure(await solanaRequest(h, 'solana_signMessage', { message, pubkey: FUNDER?.address })),
    ).toEqual({ message: 'The requested account is not the connected account', code: 4100 })
    expect(
      failure(
        await h.send('APP_RPC_REQUEST', {
          method: 'solana_signMessage',
          params: { message, pubkey: FUNDER?.address },
          chainNamespace: 'eip155',
        }),
      ),
    ).toEqual({ message: 'solana_signMessage is a Solana method, not an eip155 one', code: -32602 })
    for (const method of ['getBalance', 'eth_accounts', 'personal_sign']) {
      expect(failure(await solanaRequest(h, method, []))).toEqual({ message: RPC_NOT_ALLOWED })
    }
    expect(failure(await solanaRequest(h, 'solana_signMessage', ['x']))).toEqual({
      message: 'Invalid params',
      code: -32602,
    })
    const alone = await createHarness({ document: newDocument() })
    expect(
      failure(await solanaRequest(alone, 'solana_signMessage', { message, pubkey: 'x' })),
    ).toEqual({ message: NOT_CONNECTED })
  })

  it('without chainNamespace a solana_* method is still a Solana request', async () => {
    const { h, solanaAddress } = await connected()
    const pending = h.send('APP_RPC_REQUEST', {
      method: 'solana_signMessage',
      params: { message: base58Encode(new Uint8Array([7])), pubkey: solanaAddress },
    })
    await approveNext(h)
    expect(ok(await pending).result).toMatchObject({ signature: expect.any(String) })
  })
})

describe('the Solana key next to the EVM one', () => {
  it('a failed Solana upload does not fail the login; the same key is uploaded later', async () => {
    const server = createFakeAuthServer()
    // the second PUT (the Solana one) fails once
    server.beforeRequest = (route) => {
      if (route === 'PUT /auth/v1/wallet' && server.userByEmail(EMAIL)?.wallet) {
        server.failNext.set(route, { status: 503 })
        server.beforeRequest = undefined
      }
    }
    const h = await createHarness({ server, document: newDocument() })
    await signIn(h)
    expect(server.userByEmail(EMAIL)?.wallet).not.toBeNull()
    expect(server.userByEmail(EMAIL)?.solanaWallet).toBeNull()
    const pending = JSON.parse(
      h.storage.getItem(`latchkey-frame:wallet:solana:${server.projectId}`) ?? '{}',
    )
    expect(h.wallet.solanaAccount()).toBeNull()
    // APP_GET_USER tries again, with the key kept in storage
    const user = ok(await h.send('APP_GET_USER', {}))
    expect(user.solanaAddress).toBe(pending.address)
    expect(server.userByEmail(EMAIL)?.solanaWallet).toEqual(pending)
  })

  it("when another frame uploaded a Solana key first (409), the server's wins", async () => {
    const server = createFakeAuthServer()
    const seed = generateSolanaSeed()
    const theirs = await solanaAddressOf(seed)
    server.beforeRequest = async (route) => {
      const user = server.userByEmail(EMAIL)
      if (route === 'PUT /auth/v1/wallet' && user?.wallet && !user.solanaWallet) {
        user.solanaWallet = await encryptSolanaSeed(
          await importWrappingKey(user.wrappingKey),
          seed,
          theirs,
        )
        user.solanaAddress = theirs
      }
    }
    const h = await createHarness({ server, document: newDocument() })
    await signIn(h)
    expect(ok(await h.send('APP_GET_USER', {})).solanaAddress).toBe(theirs)
    expect(h.wallet.solanaAccount()?.address).toBe(theirs)
  })

  it('a Solana blob that does not decrypt is refused; the EVM wallet works on', async () => {
    const server = createFakeAuthServer()
    const h = await createHarness({ server, document: newDocument() })
    await signIn(h)
    const user = server.userByEmail(EMAIL)
    if (!user?.solanaWallet) throw new Error('no Solana wallet')
    // a blob sealed under another address: the additional data no longer matches
    const other = await solanaAddressOf(generateSolanaSeed())
    user.solanaWallet = { ...user.solanaWallet, address: other }
    const reloaded = await createHarness({ server, storage: h.storage, document: newDocument() })
    const reply = ok(await reloaded.send('APP_GET_USER', {}))
    expect(reply.address).toBe(user.address)
    expect(reply.solanaAddress).toBeUndefined()
    expect(
      failure(
        await solanaRequest(reloaded, 'solana_signMessage', {
          message: base58Encode(new Uint8Array([1])),
          pubkey: other,
        }),
      ),
    ).toEqual({ message: 'Could not unlock the wallet' })
  })

  it('without Ed25519 in WebCrypto the EVM wallet works; Solana requests say why', async () => {
    const real = crypto.subtle.importKey.bind(crypto.subtle)
    const importKey = vi
      .spyOn(crypto.subtle, 'importKey')
      .mockImplementation((...args: Parameters<typeof crypto.subtle.importKey>) => {
        const algorithm = args[2]
        const name = typeof algorithm === 'string' ? algorithm : algorithm.name
        if (name === 'Ed25519') {
          return Promise.reject(new DOMException('Unrecognized name.', 'NotSupportedError'))
        }
        return real(...args)
      })
    try {
      const h = await createHarness({ document: newDocument() })
      await signIn(h)
      const user = ok(await h.send('APP_GET_USER', {}))
      expect(user.address).toMatch(/^0x/)
      expect(user.solanaAddress).toBeUndefined()
      expect(user.accounts).toEqual([{ address: user.address, type: 'EOA', namespace: 'eip155' }])
      const calls = h.server.calls.length
      expect(
        failure(
          await solanaRequest(h, 'solana_signMessage', {
            message: base58Encode(new Uint8Array([1])),
            pubkey: 'x',
          }),
        ),
      ).toEqual({ message: SOLANA_UNSUPPORTED })
      // known for this document: the server is not asked again
      expect(h.server.calls.slice(calls)).toEqual([])
      const pending = h.send('APP_RPC_REQUEST', {
        method: 'personal_sign',
        params: ['0x6869', user.address],
      })
      await approveNext(h)
      expect(ok(await pending).result).toMatch(/^0x[0-9a-f]{130}$/)
    } finally {
      importKey.mockRestore()
    }
  })

  it('a user who has only the EVM key gets a Solana key next to it on the next unlock', async () => {
    const server = createFakeAuthServer()
    const h = await createHarness({ server, document: newDocument() })
    await signIn(h)
    const user = server.userByEmail(EMAIL)
    if (!user?.wallet) throw new Error('no wallet')
    const before = user.solanaAddress
    // as if the user had signed in before issue 9: no Solana key anywhere
    user.solanaWallet = null
    user.solanaAddress = null
    h.storage.removeItem(`latchkey-frame:wallet:solana:${server.projectId}`)
    const reloaded = await createHarness({ server, storage: h.storage, document: newDocument() })
    const reply = ok(await reloaded.send('APP_GET_USER', {}))
    expect(reply.address).toBe(user.address)
    expect(reply.solanaAddress).toBe(user.solanaAddress)
    expect(user.solanaAddress).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/)
    expect(user.solanaAddress).not.toBe(before)
  })
})
