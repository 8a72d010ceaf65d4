// @vitest-environment jsdom
// The handlers through the whole frame (composeFrame, gate, replies) against the auth API's
// contract (testing/fakeAuthServer.ts: packages/server's auth routes did not exist yet) and, for
// transactions and reads, a real anvil node.
import { type AnvilInstance, findFreePort, startAnvil } from '@latchkey/devnet'
import { createPublicClient, http, verifyMessage, verifyTypedData } from 'viem'
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { REQUEST_ABORTED, RPC_NOT_ALLOWED, USER_REJECTED } from '../protocol/rpcRules.ts'
import { DEVICE_TIMEOUT_MS } from './config.ts'
import { DEVICE_NOT_APPROVED, NO_LOGIN_PENDING, SMART_ACCOUNTS_UNAVAILABLE } from './errors.ts'
import { decryptPrivateKey, encryptPrivateKey, importWrappingKey } from './keys.ts'
import { solanaAddressOf } from './solanaKey.ts'
import { createFakeAuthServer } from './testing/fakeAuthServer.ts'
import { createHarness, type Harness, HOST, MemoryStorage, signIn } from './testing/harness.ts'
import { expectNoPlainKeys, serverKeys } from './testing/secrets.ts'
import { NOT_CONNECTED } from './wallet.ts'

const EMAIL = 'visitor@example.com'

const ok = (reply: Awaited<ReturnType<Harness['send']>>) => {
  if (!reply?.message.type.endsWith('_SUCCESS')) {
    throw new Error(`expected success, got ${JSON.stringify(reply?.message)}`)
  }
  return reply.message.payload as Record<string, unknown>
}
const failure = (reply: Awaited<ReturnType<Harness['send']>>) => {
  if (!reply?.message.type.endsWith('_ERROR')) {
    throw new Error(`expected an error, got ${JSON.stringify(reply?.message)}`)
  }
  return reply.message.payload as { message: string; code?: number }
}

/** The plain key the server's blob holds (the test can do what only the frame should). */
async function serverPrivateKey(h: Harness, email = EMAIL) {
  const user = h.server.userByEmail(email)
  if (!user?.wallet) throw new Error('no wallet on the server')
  return decryptPrivateKey(await importWrappingKey(user.wrappingKey), user.wallet)
}

describe('email login', () => {
  it('signs in, creates the wallet in the frame, keeps only token and encrypted blob', async () => {
    const h = await createHarness()
    expect(ok(await h.send('APP_CONNECT_EMAIL', { email: EMAIL }))).toEqual({
      action: 'VERIFY_OTP',
    })
    const deviceId = h.storage.getItem('latchkey-frame:deviceId')
    expect(deviceId).toMatch(/^[A-Za-z0-9_-]{43}$/)
    const otp = h.server.lastOtp(EMAIL)
    expect(ok(await h.send('APP_CONNECT_OTP', { otp }))).toEqual({})
    expect(h.server.calls).toEqual([
      'GET /projects/v1/origins',
      'POST /auth/v1/email',
      'POST /auth/v1/otp',
      'GET /auth/v1/wallet',
      'PUT /auth/v1/wallet',
      'PUT /auth/v1/wallet',
    ])
    const user = h.server.userByEmail(EMAIL)
    expect(user?.address).toMatch(/^0x[0-9a-fA-F]{40}$/)
    const privateKey = await serverPrivateKey(h)
    expect(privateKeyToAddress(privateKey)).toBe(user?.address)
    // the Solana key too: made here, encrypted under its address, uploaded
    const { seed } = await serverKeys(user)
    expect(user?.solanaAddress).toBe(await solanaAddressOf(seed))
    // at rest: device id, session token, encrypted blobs; never a key
    expect([...h.storage.map.keys()].sort()).toEqual([
      'latchkey-frame:deviceId',
      `latchkey-frame:session:${h.server.projectId}`,
      `latchkey-frame:wallet:${h.server.projectId}`,
      `latchkey-frame:wallet:solana:${h.server.projectId}`,
    ])
    await expectNoPlainKeys([...h.storage.map.values()].join('\n'), privateKey, seed)
    expect(
      JSON.parse(h.storage.getItem(`latchkey-frame:wallet:${h.server.projectId}`) ?? ''),
    ).toEqual(user?.wallet)
    expect(
      JSON.parse(h.storage.getItem(`latchkey-frame:wallet:solana:${h.server.projectId}`) ?? ''),
    ).toEqual(user?.solanaWallet)
    expect(JSON.stringify(h.log.entries())).not.toContain(otp)
    await expectNoPlainKeys(JSON.stringify(h.log.entries()), privateKey, seed)

    expect(ok(await h.send('APP_GET_USER', {}))).toEqual({
      email: EMAIL,
      address: user?.address,
      chainId: 31337,
      accounts: [
        { address: user?.address, type: 'EOA', namespace: 'eip155' },
        { address: user?.solanaAddress, type: 'EOA', namespace: 'solana' },
      ],
      solanaAddress: user?.solanaAddress,
      userName: null,
      preferredAccountType: 'eoa',
      smartAccountDeployed: false,
    })
    expect(ok(await h.send('APP_IS_CONNECTED', {}))).toEqual({ isConnected: true })
  })

  it('after a reload re-derives the key with the stored token (no new wallet)', async () => {
    const first = await createHarness()
    await signIn(first)
    const address = first.server.userByEmail(EMAIL)?.address
    const h = await createHarness({ server: first.server, storage: first.storage })
    first.server.calls.length = 0
    expect(ok(await h.send('APP_IS_CONNECTED', { token: 'anything' }))).toEqual({
      isConnected: true,
    })
    expect(ok(await h.send('APP_GET_USER', {})).address).toBe(address)
    expect(h.server.calls).not.toContain('PUT /auth/v1/wallet')
    expect(h.server.calls).toContain('GET /auth/v1/wallet')
  })

  it('answers CONNECT without a mail when the frame holds a session for that email', async () => {
    const h = await createHarness()
    await signIn(h)
    const mails = h.server.mails.length
    h.server.now += 60_000
    expect(ok(await h.send('APP_CONNECT_EMAIL', { email: ' Visitor@Example.com ' }))).toEqual({
      action: 'CONNECT',
    })
    expect(h.server.mails).toHaveLength(mails)
    // another email signs in as usual
    expect(ok(await h.send('APP_CONNECT_EMAIL', { email: 'other@example.com' }))).toEqual({
      action: 'VERIFY_OTP',
    })
  })

  it('passes the server messages through verbatim', async () => {
    const h = await createHarness()
    expect(failure(await h.send('APP_CONNECT_EMAIL', { email: 'not-an-email' }))).toEqual({
      message: 'Please enter a valid email address',
    })
    ok(await h.send('APP_CONNECT_EMAIL', { email: EMAIL }))
    h.server.now += 12_400
    expect(failure(await h.send('APP_CONNECT_EMAIL', { email: EMAIL }))).toEqual({
      message: 'Please try again after 18 seconds',
    })
    expect(failure(await h.send('APP_CONNECT_OTP', { otp: '0000000' }))).toEqual({
      message: 'Invalid code',
    })
  })

  it('refuses a code with no sign-in pending, and before the device is approved', async () => {
    const h = await createHarness()
    expect(failure(await h.send('APP_CONNECT_OTP', { otp: '123456' })).message).toBe(
      NO_LOGIN_PENDING,
    )
    await signIn(h)
    const other = await createHarness({ server: h.server })
    h.server.now += 60_000
    expect(ok(await other.send('APP_CONNECT_EMAIL', { email: EMAIL }))).toEqual({
      action: 'VERIFY_DEVICE',
    })
    expect(failure(await other.send('APP_CONNECT_OTP', { otp: '123456' })).message).toBe(
      DEVICE_NOT_APPROVED,
    )
  })

  it('a new device polls until its approval link was opened, then signs in with the same wallet', async () => {
    const first = await createHarness()
    await signIn(first)
    const address = first.server.userByEmail(EMAIL)?.address
    first.server.now += 60_000
    let polls = 0
    const h = await createHarness({
      server: first.server,
      sleep: async () => {
        polls++
        if (polls === 3) {
          const mail = first.server.mails.at(-1)
          if (mail) first.server.approveDevice(mail.challengeId)
        }
      },
    })
    expect(ok(await h.send('APP_CONNECT_EMAIL', { email: EMAIL }))).toEqual({
      action: 'VERIFY_DEVICE',
    })
    expect(ok(await h.send('APP_CONNECT_DEVICE', {}))).toEqual({})
    expect(h.server.calls.filter((c) => c === 'POST /auth/v1/device')).toHaveLength(4)
    expect(h.server.mails.at(-1)?.subject).toMatch(/^Your sign-in code is \d{6}$/)
    ok(await h.send('APP_CONNECT_OTP', { otp: h.server.lastOtp(EMAIL) }))
    expect(ok(await h.send('APP_GET_USER', {})).address).toBe(address)
  })

  it("gives up device approval after 120 s: 'Device verification timed out'", async () => {
    const first = await createHarness()
    await signIn(first)
    first.server.now += 60_000
    let clock = 0
    const h = await createHarness({
      server: first.server,
      now: () => clock,
      sleep: async (ms) => {
        clock += ms
      },
    })
    ok(await h.send('APP_CONNECT_EMAIL', { email: EMAIL }))
    expect(failure(await h.send('APP_CONNECT_DEVICE', {}))).toEqual({
      message: 'Device verification timed out',
    })
    expect(clock).toBeLessThanOrEqual(DEVICE_TIMEOUT_MS)
    expect(
      h.server.calls.filter((c) => c === 'POST /auth/v1/device').length,
    ).toBeGreaterThanOrEqual(120)
  })

  it('an upload that failed is retried with the same key after a reload', async () => {
    const first = await createHarness()
    first.server.failNext.set('PUT /auth/v1/wallet', { status: 503 })
    ok(await first.send('APP_CONNECT_EMAIL', { email: EMAIL }))
    const reply = failure(await first.send('APP_CONNECT_OTP', { otp: first.server.lastOtp(EMAIL) }))
    expect(reply.message).toBe('HTTP status code: 503')
    const pending = JSON.parse(
      first.storage.getItem(`latchkey-frame:wallet:${first.server.projectId}`) ?? '{}',
    )
    expect(first.server.userByEmail(EMAIL)?.wallet).toBeNull()
    const h = await createHarness({ server: first.server, storage: first.storage })
    expect(ok(await h.send('APP_IS_CONNECTED', {}))).toEqual({ isConnected: true })
    expect(h.server.userByEmail(EMAIL)?.wallet).toEqual(pending)
    expect(ok(await h.send('APP_GET_USER', {})).address).toBe(pending.address)
  })

  it("when another frame uploaded first (409), the server's wallet wins", async () => {
    const h = await createHarness()
    const otherKey = generatePrivateKey()
    const otherAddress = privateKeyToAddress(otherKey)
    // the other frame's upload lands while this one's PUT is on its way
    h.server.beforeRequest = async (route) => {
      const user = h.server.userByEmail(EMAIL)
      if (route === 'PUT /auth/v1/wallet' && user && !user.wallet) {
        const key = await importWrappingKey(user.wrappingKey)
        user.wallet = await encryptPrivateKey(key, otherKey, otherAddress)
        user.address = otherAddress
      }
    }
    await signIn(h)
    expect(h.server.calls.filter((c) => c === 'GET /auth/v1/wallet')).toHaveLength(2)
    expect(ok(await h.send('APP_GET_USER', {})).address).toBe(otherAddress)
  })

  it('signs out: session ended on the server, token, key and blob forgotten', async () => {
    const h = await createHarness()
    await signIn(h)
    expect(h.server.sessionCount()).toBe(1)
    expect(ok(await h.send('APP_SIGN_OUT', {}))).toEqual({})
    expect(h.server.sessionCount()).toBe(0)
    expect([...h.storage.map.keys()]).toEqual(['latchkey-frame:deviceId'])
    expect(h.wallet.account()).toBeNull()
    expect(failure(await h.send('APP_GET_USER', {}))).toEqual({ message: NOT_CONNECTED })
    expect(ok(await h.send('APP_IS_CONNECTED', {}))).toEqual({ isConnected: false })
  })

  it('signs out locally even when the server is unreachable', async () => {
    const h = await createHarness()
    await signIn(h)
    h.server.down = true
    expect(ok(await h.send('APP_SIGN_OUT', {}))).toEqual({})
    expect([...h.storage.map.keys()]).toEqual(['latchkey-frame:deviceId'])
    expect(h.wallet.account()).toBeNull()
  })

  it('a session ended on the server reads as not connected and is forgotten', async () => {
    const h = await createHarness()
    await signIn(h)
    h.server.revokeSessions()
    expect(ok(await h.send('APP_IS_CONNECTED', {}))).toEqual({ isConnected: false })
    expect(h.storage.getItem(`latchkey-frame:session:${h.server.projectId}`)).toBeNull()
    expect(failure(await h.send('APP_GET_USER', {})).message).toBe(NOT_CONNECTED)
  })

  it('is not connected when the server cannot be reached, but keeps the session', async () => {
    const first = await createHarness()
    await signIn(first)
    const h = await createHarness({ server: first.server, storage: first.storage })
    h.server.down = true
    expect(ok(await h.send('APP_IS_CONNECTED', {}))).toEqual({ isConnected: false })
    h.server.down = false
    expect(ok(await h.send('APP_IS_CONNECTED', {}))).toEqual({ isConnected: true })
  })
})

describe('email change', () => {
  it('goes primary code → secondary code → the new address', async () => {
    const h = await createHarness()
    await signIn(h)
    expect(ok(await h.send('APP_UPDATE_EMAIL', { email: 'new@example.com' }))).toEqual({
      action: 'VERIFY_PRIMARY_OTP',
    })
    expect(
      ok(await h.send('APP_UPDATE_EMAIL_PRIMARY_OTP', { otp: h.server.lastOtp(EMAIL) })),
    ).toEqual({ action: 'VERIFY_SECONDARY_OTP' })
    expect(
      ok(
        await h.send('APP_UPDATE_EMAIL_SECONDARY_OTP', {
          otp: h.server.lastOtp('new@example.com'),
        }),
      ),
    ).toEqual({ email: 'new@example.com' })
    expect(ok(await h.send('APP_GET_USER', {})).email).toBe('new@example.com')
  })

  it('needs a session and a pending change; server texts verbatim', async () => {
    const h = await createHarness()
    expect(failure(await h.send('APP_UPDATE_EMAIL', { email: 'new@example.com' })).message).toBe(
      NOT_CONNECTED,
    )
    await signIn(h)
    expect(failure(await h.send('APP_UPDATE_EMAIL_PRIMARY_OTP', { otp: '123456' })).message).toBe(
      'No email change is pending',
    )
    expect(failure(await h.send('APP_UPDATE_EMAIL', { email: EMAIL })).message).toBe(
      'That is already your email address',
    )
  })
})

describe('network, account types, social, theme, dapp data, reload', () => {
  it('switches network (and tells the server, best effort)', async () => {
    const h = await createHarness()
    await signIn(h)
    expect(
      ok(await h.send('APP_SWITCH_NETWORK', { chainId: 31338, rpcUrl: 'http://127.0.0.1:8546' })),
    ).toEqual({
      chainId: 31338,
    })
    expect(ok(await h.send('APP_GET_CHAIN_ID', {}))).toEqual({ chainId: 31338 })
    expect(ok(await h.send('APP_GET_USER', {})).chainId).toBe(31338)
    await new Promise((r) => setTimeout(r, 10))
    expect(h.server.userByEmail(EMAIL)?.chainId).toBe(31338)
    expect(ok(await h.send('APP_RPC_REQUEST', { method: 'eth_chainId', params: [] }))).toEqual({
      result: '0x7a6a',
    })
    // without a session the switch is local only
    const alone = await createHarness()
    expect(ok(await alone.send('APP_SWITCH_NETWORK', { chainId: 1 }))).toEqual({ chainId: 1 })
  })

  it('offers no smart account where the services know no bundler, and says so', async () => {
    const h = await createHarness()
    await signIn(h)
    const address = h.server.userByEmail(EMAIL)?.address
    expect(ok(await h.send('APP_SET_PREFERRED_ACCOUNT', { type: 'eoa' }))).toEqual({
      type: 'eoa',
      address,
    })
    expect(
      failure(await h.send('APP_SET_PREFERRED_ACCOUNT', { type: 'smartAccount' })).message,
    ).toBe(SMART_ACCOUNTS_UNAVAILABLE)
    expect(ok(await h.send('APP_GET_SMART_ACCOUNT_ENABLED_NETWORKS', {}))).toEqual({
      smartAccountEnabledNetworks: [],
    })
    expect(failure(await h.send('APP_INIT_SMART_ACCOUNT', {})).message).toBe(
      SMART_ACCOUNTS_UNAVAILABLE,
    )
  })

  it('applies the theme mode and checked variables', async () => {
    const h = await createHarness()
    const root = h.doc.documentElement
    expect(root.dataset.theme).toBe('dark')
    ok(
      await h.send('APP_SYNC_THEME', {
        themeMode: 'light',
        themeVariables: {
          '--w3m-accent': '#ff00aa',
          '--w3m-font-family': 'Inter, sans-serif',
          '--w3m-border-radius-master': 2,
          '--w3m-z-index': 10,
        },
      }),
    )
    expect(root.dataset.theme).toBe('light')
    expect(root.style.getPropertyValue('--lk-accent')).toBe('#ff00aa')
    expect(root.style.getPropertyValue('--lk-font')).toBe('Inter, sans-serif')
    expect(root.style.getPropertyValue('--lk-radius-master')).toBe('2px')
    ok(
      await h.send('APP_SYNC_THEME', {
        themeVariables: { '--w3m-accent': 'red; background: url(x)' },
      }),
    )
    expect(root.style.getPropertyValue('--lk-accent')).toBe('#ff00aa')
    expect(root.dataset.theme).toBe('light')
  })

  it('APP_RELOAD answers first, then reloads', async () => {
    const h = await createHarness()
    const reply = await h.send('APP_RELOAD', {})
    expect(reply?.message.type).toBe('FRAME_RELOAD_SUCCESS')
    expect(h.reloads).toBe(1)
    // No other request reloads the frame.
    ok(await h.send('APP_GET_CHAIN_ID', {}))
    ok(await h.send('APP_IS_CONNECTED', {}))
    expect(h.reloads).toBe(1)
  })
})

describe('RPC requests', () => {
  let anvil: AnvilInstance
  beforeAll(async () => {
    anvil = await startAnvil({ port: await findFreePort(), chainId: 31337 })
  })
  afterAll(async () => {
    await anvil?.stop()
  })

  async function connected(server = createFakeAuthServer()) {
    const h = await createHarness({
      server,
      search: `?projectId=${server.projectId}&chainId=31337&rpcUrl=${anvil.rpcUrl}`,
    })
    await signIn(h)
    const address = h.server.userByEmail(EMAIL)?.address as `0x${string}`
    return { h, address }
  }

  async function approveNext(h: Harness, which: 'approve' | 'reject' = 'approve') {
    await h.approvalShown()
    h.button(which).click()
  }

  it('refuses what §6 does not allow', async () => {
    const { h } = await connected()
    for (const method of [
      'eth_sign',
      'eth_signTransaction',
      'wallet_addEthereumChain',
      'debug_traceCall',
    ]) {
      expect(failure(await h.send('APP_RPC_REQUEST', { method, params: [] }))).toEqual({
        message: RPC_NOT_ALLOWED,
      })
    }
  })

  it('answers eth_accounts and eth_chainId itself, and reads the chain through rpcUrl', async () => {
    const { h, address } = await connected()
    expect(ok(await h.send('APP_RPC_REQUEST', { method: 'eth_accounts' }))).toEqual({
      result: [address],
    })
    expect(ok(await h.send('APP_RPC_REQUEST', { method: 'eth_chainId' }))).toEqual({
      result: '0x7a69',
    })
    expect(
      ok(
        await h.send('APP_RPC_REQUEST', { method: 'eth_getBalance', params: [address, 'latest'] }),
      ),
    ).toEqual({ result: '0x0' })
    expect(
      ok(await h.send('APP_RPC_REQUEST', { method: 'eth_blockNumber', params: [] })).result,
    ).toMatch(/^0x[0-9a-f]+$/)
    // the node's own error comes through
    const error = failure(
      await h.send('APP_RPC_REQUEST', { method: 'eth_getBalance', params: ['nonsense'] }),
    )
    expect(error.message).not.toBe('')
    expect(typeof error.code).toBe('number')
    const alone = await createHarness()
    expect(ok(await alone.send('APP_RPC_REQUEST', { method: 'eth_accounts' }))).toEqual({
      result: [],
    })
  })

  it('personal_sign: shows the origin and the text; a real Approve signs', async () => {
    const { h, address } = await connected()
    ok(
      await h.send('APP_SYNC_DAPP_DATA', {
        metadata: { name: 'Demo dapp', url: HOST, icons: ['https://evil.example/x.png'] },
      }),
    )
    const message = 'Sign in to Demo\nNonce: 42'
    const hex = `0x${Buffer.from(message).toString('hex')}`
    const pending = h.send('APP_RPC_REQUEST', { method: 'personal_sign', params: [hex, address] })
    await h.approvalShown()
    const card = h.doc.querySelector('[data-testid="frame-approval"]')
    expect(card?.querySelector('h1')?.textContent).toBe('Sign message')
    expect(h.doc.querySelector('[data-testid="frame-origin"]')?.textContent).toBe(HOST)
    expect(card?.textContent).toContain('Demo dapp asks you to sign a message')
    expect(card?.querySelector('pre')?.textContent).toBe(message)
    h.button('approve').click()
    const { result } = ok(await pending) as { result: `0x${string}` }
    expect(await verifyMessage({ address, message, signature: result })).toBe(true)
    expect(h.doc.querySelector<HTMLElement>('.lk-approval')?.hidden).toBe(true)
  })

  it('personal_sign of bytes that are not text shows hex', async () => {
    const { h, address } = await connected()
    const pending = h.send('APP_RPC_REQUEST', {
      method: 'personal_sign',
      params: ['0xff00fe', address],
    })
    await h.approvalShown()
    expect(h.doc.querySelector('.lk-details')?.textContent).toContain('Message (hex)0xff00fe')
    h.button('approve').click()
    const { result } = ok(await pending) as { result: `0x${string}` }
    expect(await verifyMessage({ address, message: { raw: '0xff00fe' }, signature: result })).toBe(
      true,
    )
  })

  it('Reject answers 4001 User rejected the request', async () => {
    const { h, address } = await connected()
    const pending = h.send('APP_RPC_REQUEST', {
      method: 'personal_sign',
      params: ['0x68656c6c6f', address],
    })
    await approveNext(h, 'reject')
    expect(failure(await pending)).toEqual({ message: USER_REJECTED, code: 4001 })
  })

  it('refuses another address, and signing without a session', async () => {
    const { h } = await connected()
    const other = privateKeyToAddress(generatePrivateKey())
    expect(
      failure(
        await h.send('APP_RPC_REQUEST', { method: 'personal_sign', params: ['0x00', other] }),
      ),
    ).toEqual({ message: 'The requested account is not the connected account', code: 4100 })
    const alone = await createHarness()
    expect(
      failure(
        await alone.send('APP_RPC_REQUEST', { method: 'personal_sign', params: ['0x00', other] }),
      ),
    ).toEqual({ message: NOT_CONNECTED })
  })

  it('eth_signTypedData_v4 signs what verifies', async () => {
    const { h, address } = await connected()
    const typedData = {
      types: {
        EIP712Domain: [
          { name: 'name', type: 'string' },
          { name: 'chainId', type: 'uint256' },
        ],
        Mail: [
          { name: 'to', type: 'address' },
          { name: 'contents', type: 'string' },
        ],
      },
      primaryType: 'Mail',
      domain: { name: 'Ether Mail', chainId: 31337 },
      message: { to: address, contents: 'Hello' },
    }
    const pending = h.send('APP_RPC_REQUEST', {
      method: 'eth_signTypedData_v4',
      params: [address, JSON.stringify(typedData)],
    })
    await h.approvalShown()
    expect(h.doc.querySelector('h1')?.textContent).toBe('Sign typed data')
    h.button('approve').click()
    const { result } = ok(await pending) as { result: `0x${string}` }
    expect(
      await verifyTypedData({
        address,
        domain: { name: 'Ether Mail', chainId: 31337 },
        types: { Mail: typedData.types.Mail },
        primaryType: 'Mail',
        message: { to: address, contents: 'Hello' },
        signature: result,
      }),
    ).toBe(true)
  })

  it('eth_sendTransaction: shows to, value in ETH and data size, then sends on the real chain', async () => {
    const { h, address } = await connected()
    const client = createPublicClient({ transport: http(anvil.rpcUrl) })
    await client.request({
      method: 'anvil_setBalance' as never,
      params: [address, '0xde0b6b3a7640000'] as never,
    })
    const to = privateKeyToAddress(generatePrivateKey())
    const pending = h.send('APP_RPC_REQUEST', {
      method: 'eth_sendTransaction',
      params: [{ from: address, to, value: '0x2386f26fc10000', data: '0x12345678aa' }],
      chainId: 31337,
    })
    await h.approvalShown()
    const text = h.doc.querySelector('.lk-details')?.textContent ?? ''
    expect(h.doc.querySelector('h1')?.textContent).toBe('Send transaction')
    expect(text).toContain(`To${to}`)
    expect(text).toContain('Value0.01 ETH')
    expect(text).toContain('Data5 bytes (function 0x12345678)')
    h.button('approve').click()
    const { result } = ok(await pending) as { result: `0x${string}` }
    const receipt = await client.waitForTransactionReceipt({ hash: result })
    expect(receipt.from.toLowerCase()).toBe(address.toLowerCase())
    expect(await client.getBalance({ address: to })).toBe(10_000_000_000_000_000n)
  })

  it('one approval at a time; the others wait in order', async () => {
    const { h, address } = await connected()
    const first = h.send('APP_RPC_REQUEST', {
      method: 'personal_sign',
      params: ['0x6f6e65', address],
    })
    const second = h.send('APP_RPC_REQUEST', {
      method: 'personal_sign',
      params: ['0x74776f', address],
    })
    await h.approvalShown()
    expect(h.doc.querySelector('pre')?.textContent).toBe('one')
    expect(h.doc.querySelector('.lk-queued')?.textContent).toBe('1 more request waiting')
    h.button('approve').click()
    await first
    await h.approvalShown()
    expect(h.doc.querySelector('pre')?.textContent).toBe('two')
    expect(h.doc.querySelector('.lk-queued')?.textContent).toBe('')
    h.button('reject').click()
    expect(failure(await second).code).toBe(4001)
  })

  it('APP_RPC_ABORT ends every pending request and closes the approval', async () => {
    const { h, address } = await connected()
    const shown = h.send('APP_RPC_REQUEST', {
      method: 'personal_sign',
      params: ['0x6f6e65', address],
    })
    const queued = h.send('APP_RPC_REQUEST', {
      method: 'personal_sign',
      params: ['0x74776f', address],
    })
    await h.approvalShown()
    expect(ok(await h.send('APP_RPC_ABORT', {}))).toEqual({})
    expect(failure(await shown)).toEqual({ message: REQUEST_ABORTED })
    expect(failure(await queued)).toEqual({ message: REQUEST_ABORTED })
    expect(h.doc.querySelector<HTMLElement>('.lk-approval')?.hidden).toBe(true)
    // the next request works as usual
    const next = h.send('APP_RPC_REQUEST', { method: 'personal_sign', params: ['0x6f6b', address] })
    await approveNext(h)
    expect(ok(await next).result).toMatch(/^0x[0-9a-f]{130}$/)
  })

  it('signing out aborts what is waiting for approval', async () => {
    const { h, address } = await connected()
    const pending = h.send('APP_RPC_REQUEST', {
      method: 'personal_sign',
      params: ['0x6f6e65', address],
    })
    await h.approvalShown()
    ok(await h.send('APP_SIGN_OUT', {}))
    expect(failure(await pending)).toEqual({ message: REQUEST_ABORTED })
  })
})

it('APP_IS_CONNECTED without any session asks nothing of the server', async () => {
  const h = await createHarness({ storage: new MemoryStorage() })
  expect(ok(await h.send('APP_IS_CONNECTED', {}))).toEqual({ isConnected: false })
  expect(h.server.calls).toEqual(['GET /projects/v1/origins'])
})
