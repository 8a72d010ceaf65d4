// Sign in with Farcaster end to end, with @farcaster/auth-client's own app client on both local
// stand-ins: the relay carries the channel, the IdRegistry on anvil resolves the fid.
import { type AppClient, createAppClient, viemConnector } from '@farcaster/auth-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TEST_ACCOUNTS } from '../accounts.ts'
import { type AnvilInstance, startAnvil } from '../anvil.ts'
import { findFreePort } from '../free-port.ts'
import { placeFarcasterIdRegistry, registerFarcasterFid } from './idRegistry.ts'
import { type FarcasterRelay, startFarcasterRelay } from './relay.ts'
import { type FarcasterTestClient, farcasterTestClient } from './testClient.ts'

const [, alice, bob] = TEST_ACCOUNTS
if (!alice || !bob) throw new Error('missing test accounts')
const DOMAIN = 'dapp.example'

let anvil: AnvilInstance
let relay: FarcasterRelay
let appClient: AppClient
let farcasterApp: FarcasterTestClient
let bobsFid: number

beforeAll(async () => {
  ;[anvil, relay] = await Promise.all([
    startAnvil({ port: await findFreePort(), chainId: 31337 }),
    startFarcasterRelay({ port: 0 }),
  ])
  await placeFarcasterIdRegistry(anvil.rpcUrl)
  const rpcUrl = anvil.rpcUrl
  const fid = await registerFarcasterFid({ rpcUrl, privateKey: alice.privateKey })
  bobsFid = await registerFarcasterFid({ rpcUrl, privateKey: bob.privateKey })
  appClient = createAppClient({ relay: relay.url, ethereum: viemConnector({ rpcUrl }) })
  farcasterApp = farcasterTestClient({
    relayUrl: relay.url,
    authKey: relay.authKey,
    privateKey: alice.privateKey,
    fid,
    username: 'alice',
  })
})

afterAll(async () => {
  await Promise.all([relay?.stop(), anvil?.stop()])
})

/** One sign-in as the app runs it: open a channel, the user signs, watch it complete. */
async function signIn(tamper?: Parameters<FarcasterTestClient['signIn']>[1]) {
  const channel = await appClient.createChannel({
    siweUri: `https://${DOMAIN}/login`,
    domain: DOMAIN,
  })
  if (channel.isError) throw channel.error
  const { channelToken, url, nonce } = channel.data

  const pending = await appClient.status({ channelToken })
  if (pending.isError) throw pending.error
  expect([pending.response.status, pending.data.state]).toEqual([202, 'pending'])
  await farcasterApp.signIn(url, tamper)
  const completed = await appClient.watchStatus({ channelToken, interval: 50, timeout: 5_000 })
  if (completed.isError) throw completed.error
  const { message, signature } = completed.data
  if (!message || !signature) throw new Error('the completed channel has no signed message')

  return { nonce, completed: completed.data, message, signature }
}

async function verify(tamper?: Parameters<FarcasterTestClient['signIn']>[1]) {
  const { nonce, message, signature } = await signIn(tamper)
  const verified = await appClient.verifySignInMessage({
    nonce,
    domain: DOMAIN,
    message,
    signature,
    acceptAuthAddress: false,
  })
  return { message, verified }
}

describe('Sign in with Farcaster on the local stand-ins', () => {
  it('verifies a sign-in by the custody key of the fid, which the registry resolves', async () => {
    const { nonce, completed, message, signature } = await signIn()
    expect(completed).toMatchObject({
      state: 'completed',
      fid: farcasterApp.fid,
      username: 'alice',
    })

    const verified = await appClient.verifySignInMessage({
      nonce,
      domain: DOMAIN,
      message,
      signature,
      acceptAuthAddress: false,
    })

    if (verified.isError) throw verified.error
    expect(verified).toMatchObject({ success: true, fid: farcasterApp.fid, authMethod: 'custody' })
    expect(verified.data.address).toBe(alice.address)
    expect(await appClient.ethereum.getFid(alice.address)).toBe(BigInt(farcasterApp.fid))
  })

  it('refuses a message signed by a key that does not own the fid', async () => {
    expect(bobsFid).not.toBe(farcasterApp.fid)

    const { message, verified } = await verify({ signWith: bob.privateKey })

    expect(message).toContain(bob.address)
    expect(verified.isError).toBe(true)
    expect(verified.error?.message).toContain(`does not own fid ${farcasterApp.fid}`)
  })

  it('refuses a message signed for another domain', async () => {
    const { verified } = await verify({ domain: 'evil.example' })

    expect(verified.isError).toBe(true)
    expect(verified.error?.message).toBe('Invalid domain')
  })

  it('refuses a message that has expired', async () => {
    const expirationTime = new Date(Date.now() - 60_000).toISOString()

    const { message, verified } = await verify({ expirationTime })

    expect(message).toContain(`Expiration Time: ${expirationTime}`)
    expect(verified.isError).toBe(true)
    expect(verified.error).toMatchObject({
      errCode: 'bad_request.validation_failure',
      message: 'Invalid message',
    })
  })
})
