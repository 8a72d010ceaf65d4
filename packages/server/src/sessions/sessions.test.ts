// Permission records (README "Smart accounts") against the real server and a real devnet (the
// SimpleAccountFactory says whose smart account an address is).
import { type Devnet, findFreePort, startDevnet } from '@latchkey/devnet'
import { createPublicClient, type Hex, http, parseAbi } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { foundry } from 'viem/chains'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PERMISSION_MAX_EXPIRY_S, SIMPLE_ACCOUNT_FACTORY } from '../constants/sessions.ts'
import { DEMO_PROJECT_ID } from '../constants.ts'
import {
  permissionAccountNotOwned,
  permissionChainUnsupported,
  permissionExpiryInvalid,
  permissionMessageInvalid,
  permissionNotFound,
  permissionPciMismatch,
  permissionRevokedAlready,
  permissionSignatureInvalid,
} from '../errors/sessions.ts'
import { availableDatabases, startTestServer, type TestServer } from '../testing/databases.ts'
import { TEST_FRAME_ORIGIN } from '../testing/emailLogin.ts'

const [database] = availableDatabases()
const NOW = Date.parse('2030-01-01T00:00:00.000Z')
const APP = 'https://app.example'
let devnet: Devnet
let service: TestServer
let client: ReturnType<typeof createPublicClient>

beforeAll(async () => {
  devnet = await startDevnet({ chains: [{ chainId: 31337, port: await findFreePort() }] })
  const [chain] = devnet.chains
  if (!chain || !database) throw new Error('a chain and a database')
  client = createPublicClient({ chain: foundry, transport: http(chain.rpcUrl) })
  service = await startTestServer(database, {
    frameOrigins: [TEST_FRAME_ORIGIN],
    now: () => NOW,
    chains: [
      // The route only asks whether the chain has a bundler; it never calls it.
      { chainId: 31337, rpcUrl: chain.rpcUrl, bundlerUrl: 'http://127.0.0.1:1' },
      { chainId: 31338, rpcUrl: chain.rpcUrl },
    ],
  })
})

afterAll(async () => {
  await service?.stop()
  await devnet?.stop()
})

const path = (tail = '') => `/v1/sessions${tail}?projectId=${DEMO_PROJECT_ID}`
const post = (tail: string, body: unknown, headers: Record<string, string> = {}) =>
  service.request(path(tail), {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  })

async function owner() {
  const key = privateKeyToAccount(generatePrivateKey())
  const account = await client.readContract({
    address: SIMPLE_ACCOUNT_FACTORY,
    abi: parseAbi(['function getAddress(address owner, uint256 salt) view returns (address)']),
    functionName: 'getAddress',
    args: [key.address, 0n],
  })
  return { key, account }
}

function grantMessage(account: string, ownerAddress: string, patch: Record<string, unknown> = {}) {
  return JSON.stringify({
    kind: 'latchkey-permission',
    version: 1,
    account,
    owner: ownerAddress,
    chainId: 31337,
    origin: APP,
    expiry: NOW / 1000 + 3600,
    permissions: [{ type: 'native-token-transfer', data: { ticker: 'ETH' }, policies: [] }],
    ...patch,
  })
}

describe('permission records', () => {
  it("records the owner's grant, answers it by id, and ends it once on the owner's word", async () => {
    const { key, account } = await owner()
    const message = grantMessage(account, key.address)
    const created = await post('', { message, signature: await key.signMessage({ message }) })
    expect(created.status).toBe(201)
    const record = (await created.json()) as { id: Hex; revokedAt: string | null }
    expect(record).toMatchObject({
      chainId: 31337,
      account,
      owner: key.address,
      origin: APP,
      expiry: NOW / 1000 + 3600,
      permissions: [{ type: 'native-token-transfer', data: { ticker: 'ETH' }, policies: [] }],
      message,
      revokedAt: null,
      createdAt: new Date(NOW).toISOString(),
    })
    expect(record.id).toMatch(/^0x[0-9a-f]{64}$/)
    expect(await (await service.request(path(`/${record.id}`))).json()).toEqual(record)

    const revokeText = `Revoke Latchkey permission ${record.id}`
    const signature = await key.signMessage({ message: revokeText })
    const stranger = privateKeyToAccount(generatePrivateKey())
    const forged = await post(`/${record.id}/revoke`, {
      pci: record.id,
      signature: await stranger.signMessage({ message: revokeText }),
    })
    expect(forged.status).toBe(401)
    expect(await forged.json()).toEqual({ error: permissionSignatureInvalid })
    const wrongPci = await post(`/${record.id}/revoke`, { pci: `0x${'1'.repeat(64)}`, signature })
    expect(await wrongPci.json()).toEqual({ error: permissionPciMismatch })

    const revoked = await post(`/${record.id}/revoke`, { pci: record.id, signature })
    expect(revoked.status).toBe(200)
    expect(await revoked.json()).toMatchObject({ revokedAt: new Date(NOW).toISOString() })
    const again = await post(`/${record.id}/revoke`, { pci: record.id, signature })
    expect(again.status).toBe(409)
    expect(await again.json()).toEqual({ error: permissionRevokedAlready })
  })

  it('refuses a bad message, a chain without smart accounts, a bad expiry, another signer or account', async () => {
    const { key, account } = await owner()
    const refused = async (message: string, signer = key) => {
      const response = await post('', { message, signature: await signer.signMessage({ message }) })
      return { status: response.status, body: await response.json() }
    }
    expect(await refused('not json')).toEqual({
      status: 400,
      body: { error: permissionMessageInvalid },
    })
    expect(await refused(grantMessage(account, key.address, { permissions: [] }))).toEqual({
      status: 400,
      body: { error: permissionMessageInvalid },
    })
    expect(await refused(grantMessage(account, key.address, { chainId: 31338 }))).toEqual({
      status: 400,
      body: { error: permissionChainUnsupported(31338) },
    })
    for (const expiry of [NOW / 1000, NOW / 1000 + PERMISSION_MAX_EXPIRY_S + 1]) {
      expect(await refused(grantMessage(account, key.address, { expiry }))).toEqual({
        status: 400,
        body: { error: permissionExpiryInvalid },
      })
    }
    const other = privateKeyToAccount(generatePrivateKey())
    expect(await refused(grantMessage(account, key.address), other)).toEqual({
      status: 401,
      body: { error: permissionSignatureInvalid },
    })
    expect(await refused(grantMessage(account, other.address), other)).toEqual({
      status: 401,
      body: { error: permissionAccountNotOwned },
    })
  })

  it('answers 404 for an unknown id and 400 for one that is not an id', async () => {
    const unknown = await service.request(path(`/0x${'ab'.repeat(32)}`))
    expect(unknown.status).toBe(404)
    expect(await unknown.json()).toEqual({ error: permissionNotFound })
    expect((await service.request(path('/0x1234'))).status).toBe(400)
  })

  it("answers the frame's origin across origins, and no other", async () => {
    const fromFrame = await service.request(path(`/0x${'ab'.repeat(32)}`), {
      headers: { Origin: TEST_FRAME_ORIGIN },
    })
    expect(fromFrame.headers.get('access-control-allow-origin')).toBe(TEST_FRAME_ORIGIN)
    const fromApp = await service.request(path(`/0x${'ab'.repeat(32)}`), {
      headers: { Origin: APP },
    })
    expect(fromApp.headers.get('access-control-allow-origin')).toBeNull()
  })
})
