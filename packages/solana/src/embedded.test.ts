// @vitest-environment jsdom
// The embedded wallet's Solana account (core's embeddedSolana.ts) through the Solana adapter: it
// is hidden from the wallet list, yet the engine connects it by id, and what the engine builds
// reaches the frame as APP_RPC_REQUEST. The frame is a double here (the real one runs in e2e): it
// holds a devnet-funded key, signs with ed25519 and submits to the local Solana RPC.
import { createPrivateKey, createPublicKey, sign, verify } from 'node:crypto'
import type { ConnectorInfo, EmbeddedSession } from '@latchkey/core/internal'
import {
  createEmbeddedProvider,
  createFrameRpc,
  decodeBase58,
  EMBEDDED_SOLANA_CONNECTOR_ID,
  encodeBase58,
  registerEmbeddedSolanaWallet,
  setSolanaAccount,
  unregisterEmbeddedSolanaWallet,
} from '@latchkey/core/internal'
import { localSolana, mainnet, withRpcUrl } from '@latchkey/core/networks'
import { SOLANA_TEST_ACCOUNTS, type SolanaDevnet, startSolanaDevnet } from '@latchkey/devnet'
import { createSolanaTestWallet, generateSecretKey } from '@latchkey/e2e/solanaWallet'
import type { FrameClient } from '@latchkey/frame/host'
import {
  address,
  createSolanaRpc,
  decompileTransactionMessage,
  getBase58Decoder,
  getBase64EncodedWireTransaction,
  getCompiledTransactionMessageDecoder,
  getTransactionDecoder,
} from '@solana/kit'
import { parseTransferSolInstruction } from '@solana-program/system'
import { getWallets } from '@wallet-standard/app'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { SolanaAdapter } from './adapter.ts'
import { freshAddress } from './testing/keys.ts'
import { findWallet, toConnectors } from './wallets.ts'

let devnet: SolanaDevnet
let network: typeof localSolana
beforeAll(async () => {
  devnet = await startSolanaDevnet({ port: 0 })
  network = withRpcUrl(localSolana, devnet.rpcUrl)
})
afterAll(() => devnet?.stop())

const cleanups: (() => void)[] = []
afterEach(() => {
  unregisterEmbeddedSolanaWallet()
  for (const cleanup of cleanups.splice(0)) cleanup()
})

const ED25519_PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex')
const rpc = () => createSolanaRpc(devnet.rpcUrl)

interface RpcPayload {
  method: string
  params: Record<string, unknown>
  chainNamespace: string
  chainId: string | number
  rpcUrl?: string
}

/**
 * The frame's Solana methods (social-api.md "Frame") over a real key and the local RPC. Signs
 * with node:crypto: WebCrypto refuses jsdom's typed arrays.
 */
function frameDouble(secretKey: Uint8Array) {
  const privateKey = createPrivateKey({
    key: Buffer.concat([ED25519_PKCS8_PREFIX, secretKey.slice(0, 32)]),
    format: 'der',
    type: 'pkcs8',
  })
  const publicKey = createPublicKey(privateKey)
  const owner = getBase58Decoder().decode(secretKey.slice(32))
  const requests: RpcPayload[] = []

  async function answer({ method, params, rpcUrl }: RpcPayload): Promise<unknown> {
    if (method === 'solana_signMessage') {
      const message = decodeBase58(String(params.message)) as Uint8Array
      return { signature: encodeBase58(sign(null, message, privateKey)) }
    }
    if (method === 'solana_signAndSendTransaction') {
      const transaction = getTransactionDecoder().decode(
        Buffer.from(String(params.transaction), 'base64'),
      )
      const signature = new Uint8Array(
        sign(null, new Uint8Array(transaction.messageBytes), privateKey),
      )
      const signed = {
        ...transaction,
        signatures: { ...transaction.signatures, [owner]: signature },
      }
      const wire = getBase64EncodedWireTransaction(signed as never)
      await createSolanaRpc(rpcUrl as string)
        .sendTransaction(wire, { encoding: 'base64' })
        .send()
      return { signature: encodeBase58(signature) }
    }
    throw new Error(`unexpected ${method}`)
  }

  const client = {
    async request(type: string, payload: RpcPayload) {
      if (type !== 'APP_RPC_REQUEST') return {}
      requests.push(payload)
      return { result: await answer(payload) }
    },
  } as unknown as FrameClient
  const approvals: string[] = []
  const hooks = { onApproval: (state: 'start' | 'end') => approvals.push(state) }
  const frameRpc = createFrameRpc(client, hooks)
  const session: EmbeddedSession = {
    client,
    provider: createEmbeddedProvider(client, [network], hooks, frameRpc),
    rpc: frameRpc,
  }
  return { session, requests, approvals, owner, publicKey }
}

/** Signed in: the wallet registered with the user's Solana account, as after a login. */
function signedIn(accountIndex: number) {
  const account = SOLANA_TEST_ACCOUNTS[accountIndex]
  if (!account) throw new Error(`no Solana test account ${accountIndex}`)
  const frame = frameDouble(account.secretKey)
  registerEmbeddedSolanaWallet(frame.session, [mainnet, network])
  setSolanaAccount({
    address: '0x90F79bf6EB2c4f870365E785982E1f101E93b906',
    solanaAddress: frame.owner,
  })
  return frame
}

describe('the embedded Solana wallet through the Solana adapter', () => {
  it('is not listed as a wallet, yet the engine finds it by ws:Latchkey Email', () => {
    const other = createSolanaTestWallet({
      secretKey: generateSecretKey(),
      rpcUrl: devnet.rpcUrl,
      chain: devnet.caipNetworkId,
      name: 'Listed Wallet',
    })
    cleanups.push(getWallets().register(other.wallet))
    let listed: ConnectorInfo[] = []
    cleanups.push(
      new SolanaAdapter().watchConnectors((connectors) => {
        listed = connectors
      }),
    )
    signedIn(1)
    const ids = listed.map((c) => c.id)
    expect(ids).toContain('ws:Listed Wallet')
    expect(ids).not.toContain(EMBEDDED_SOLANA_CONNECTOR_ID)
    expect(findWallet(EMBEDDED_SOLANA_CONNECTOR_ID)?.name).toBe('Latchkey Email')

    // An impostor by name is not listed either
    const impostor = createSolanaTestWallet({
      secretKey: generateSecretKey(),
      rpcUrl: devnet.rpcUrl,
      chain: devnet.caipNetworkId,
      name: 'Latchkey Email',
    })
    expect(toConnectors([impostor.wallet])).toEqual([])
  })

  it('connects, signs a message and sends SOL through the frame (APP_RPC_REQUEST, solana)', async () => {
    const frame = signedIn(1)
    const engine = await new SolanaAdapter().load({ networks: [network], projectId: 'p' })
    const snapshot = await engine.connect(EMBEDDED_SOLANA_CONNECTOR_ID, network)
    expect(snapshot).toEqual({
      status: 'connected',
      address: frame.owner,
      chainId: network.id,
      connectorId: EMBEDDED_SOLANA_CONNECTOR_ID,
    })

    // §4 SIWX-style message: the frame gets base58 and the pubkey; the engine gives base58 back.
    const text = 'example.com wants you to sign in'
    const signature = await engine.signMessage(text)
    expect(frame.requests[0]).toEqual({
      method: 'solana_signMessage',
      params: { message: encodeBase58(new TextEncoder().encode(text)), pubkey: frame.owner },
      chainNamespace: 'solana',
      chainId: network.id,
      rpcUrl: devnet.rpcUrl,
    })
    const signatureBytes = decodeBase58(signature) as Uint8Array
    expect(verify(null, new TextEncoder().encode(text), frame.publicKey, signatureBytes)).toBe(true)

    // §5 Send: the engine's @solana/kit transfer, unsigned, on the network it is for.
    const to = freshAddress()
    const sent = await engine.sendTransfer({ network, to, amount: 12_000_000n })
    const request = frame.requests[1] as RpcPayload
    expect(request).toMatchObject({
      method: 'solana_signAndSendTransaction',
      chainNamespace: 'solana',
      chainId: network.id,
      rpcUrl: devnet.rpcUrl,
    })
    expect(Object.keys(request.params)).toEqual(['transaction', 'options'])
    const transaction = getTransactionDecoder().decode(
      Buffer.from(String(request.params.transaction), 'base64'),
    )
    expect(transaction.signatures[address(frame.owner)]).toBeNull()
    const message = decompileTransactionMessage(
      getCompiledTransactionMessageDecoder().decode(transaction.messageBytes),
    )
    expect(message.feePayer.address).toBe(frame.owner)
    const [instruction] = message.instructions
    const transfer = parseTransferSolInstruction(instruction as never)
    expect(transfer.accounts.source.address).toBe(frame.owner)
    expect(transfer.accounts.destination.address).toBe(to)
    expect(transfer.data.amount).toBe(12_000_000n)

    expect(sent).toBe(encodeBase58(decodeBase58(sent) as Uint8Array))
    expect((await rpc().getBalance(address(to)).send()).value).toBe(12_000_000n)
    // Both waited for the visitor's approval in the frame
    expect(frame.approvals).toEqual(['start', 'end', 'start', 'end'])
  })

  it('reconnects silently after a reload once the wallet is registered again; sign-out ends it', async () => {
    const frame = signedIn(2)
    const engine = await new SolanaAdapter().load({ networks: [network], projectId: 'p' })
    expect(await engine.reconnect(EMBEDDED_SOLANA_CONNECTOR_ID)).toBe(true)
    const seen: string[] = []
    cleanups.push(engine.watchAccount((s) => seen.push(s.status)))

    // The EVM side signs the frame out: the Solana connection ends with it.
    frame.session.provider.setUser({
      address: '0x90F79bf6EB2c4f870365E785982E1f101E93b906',
      chainId: 1,
    })
    await frame.session.provider.disconnect()
    expect(seen.at(-1)).toBe('disconnected')
    expect(await engine.reconnect(EMBEDDED_SOLANA_CONNECTOR_ID)).toBe(false)
  })

  it('connects the wallet core registered, not a look-alike registered first under its name', async () => {
    const impostor = createSolanaTestWallet({
      secretKey: generateSecretKey(),
      rpcUrl: devnet.rpcUrl,
      chain: devnet.caipNetworkId,
      name: 'Latchkey Email',
    })
    cleanups.push(getWallets().register(impostor.wallet))
    const frame = signedIn(3)
    expect(findWallet(EMBEDDED_SOLANA_CONNECTOR_ID)).not.toBe(impostor.wallet)
    const engine = await new SolanaAdapter().load({ networks: [network], projectId: 'p' })
    const snapshot = await engine.connect(EMBEDDED_SOLANA_CONNECTOR_ID, network)
    expect(snapshot?.address).toBe(frame.owner)
    await engine.signMessage('ours')
    expect(frame.requests).toHaveLength(1)
    expect(await engine.reconnect(EMBEDDED_SOLANA_CONNECTOR_ID)).toBe(true)
  })
})
