import type { AccountSnapshot } from '@latchkey/core/internal'
import { isUserRejectedError, ProviderNotFoundError } from '@latchkey/core/internal'
import { defineNetwork, solana } from '@latchkey/core/networks'
import { createSolanaTestWallet, generateSecretKey } from '@latchkey/e2e/solanaWallet'
import { getWallets } from '@wallet-standard/app'
import { afterEach, describe, expect, it } from 'vitest'
import { createSolanaEngine } from './engine.ts'
import type { SolanaProvider } from './provider.ts'

const local = defineNetwork({
  id: 'LocaL1111111111111111111111111111',
  chainNamespace: 'solana',
  name: 'Local',
  nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
  rpcUrls: { default: { http: ['http://127.0.0.1:1'] } },
})
const devnet = defineNetwork({
  id: 'EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
  chainNamespace: 'solana',
  name: 'Solana Devnet',
  nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
  rpcUrls: { default: { http: ['http://127.0.0.1:1'] } },
})
const networks = [solana, local, devnet]

let walletCount = 0
const cleanups: (() => void)[] = []
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup()
})

/** A real Wallet Standard wallet (e2e/solanaWallet) registered in the page's registry. */
function registeredWallet(chain: string | string[] = local.caipNetworkId, register = true) {
  const name = `Engine Test Wallet ${++walletCount}`
  const test = createSolanaTestWallet({
    secretKey: generateSecretKey(),
    rpcUrl: 'http://127.0.0.1:1',
    chain,
    name,
  })
  const registerNow = () => cleanups.push(getWallets().register(test.wallet))
  if (register) registerNow()
  return { ...test, id: `ws:${name}`, registerNow }
}

function watched(engine: ReturnType<typeof createSolanaEngine>) {
  const seen: AccountSnapshot[] = []
  cleanups.push(engine.watchAccount((s) => seen.push(s)))
  return seen
}

describe('Solana engine: connection', () => {
  it('connects with standard:connect and reports the account on the network asked for', async () => {
    const wallet = registeredWallet()
    const engine = createSolanaEngine({ networks })
    const seen = watched(engine)
    const snapshot = await engine.connect(wallet.id, local)
    const expected = {
      status: 'connected',
      address: wallet.address,
      chainId: local.id,
      connectorId: wallet.id,
    }
    expect(snapshot).toEqual(expected)
    expect(seen.at(-1)).toEqual(expected)
    expect(wallet.requests).toEqual([{ op: 'connect', silent: false }])
  })

  it("takes the first configured network the account lists when the asked one isn't", async () => {
    const wallet = registeredWallet(['solana:devnet', local.caipNetworkId])
    const engine = createSolanaEngine({ networks })
    expect((await engine.connect(wallet.id, solana)).chainId).toBe(local.id)
  })

  it("reports the wallet's own chain when no configured network fits (unsupported)", async () => {
    const wallet = registeredWallet('solana:testnet')
    const engine = createSolanaEngine({ networks })
    expect((await engine.connect(wallet.id)).chainId).toBe('4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z')
  })

  it("passes the wallet's rejection through unchanged", async () => {
    const wallet = registeredWallet()
    wallet.rejectNext('connect')
    const engine = createSolanaEngine({ networks })
    const error = await engine.connect(wallet.id).catch((e: unknown) => e)
    expect(error).toMatchObject({ code: 4001 })
    expect(isUserRejectedError(error)).toBe(true)
  })

  it('waits while the visitor decides (a held connect), then connects', async () => {
    const wallet = registeredWallet()
    const held = wallet.holdNext('connect')
    const engine = createSolanaEngine({ networks })
    let done = false
    const connecting = engine.connect(wallet.id, local).finally(() => {
      done = true
    })
    await held.requested
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(done).toBe(false)
    held.approve()
    expect((await connecting).address).toBe(wallet.address)
  })

  it('waits for a wallet that registers late, and gives up on one that never does', async () => {
    const late = registeredWallet(local.caipNetworkId, false)
    setTimeout(late.registerNow, 100)
    const engine = createSolanaEngine({ networks, walletWaitMs: 500 })
    expect((await engine.connect(late.id)).address).toBe(late.address)
    // core's class: the connection sees the wallet gone (connection/walletGone.ts)
    await expect(engine.connect('ws:Nobody')).rejects.toBeInstanceOf(ProviderNotFoundError)
  })

  it('reconnects silently after a reload when the wallet knows the dapp, never prompting', async () => {
    const wallet = registeredWallet()
    await createSolanaEngine({ networks }).connect(wallet.id, local)

    const reloaded = createSolanaEngine({ networks })
    const seen = watched(reloaded)
    expect(await reloaded.reconnect(wallet.id)).toBe(true)
    expect(wallet.requests.at(-1)).toEqual({ op: 'connect', silent: true })
    expect(seen.at(-1)).toMatchObject({ status: 'connected', address: wallet.address })

    const stranger = registeredWallet()
    expect(await createSolanaEngine({ networks }).reconnect(stranger.id)).toBe(false)
    expect(stranger.requests).toEqual([{ op: 'connect', silent: true }])
    expect(await createSolanaEngine({ networks, walletWaitMs: 50 }).reconnect('ws:Gone')).toBe(
      false,
    )
  })

  it('disconnects through standard:disconnect; the provider then refuses', async () => {
    const wallet = registeredWallet()
    const engine = createSolanaEngine({ networks })
    const seen = watched(engine)
    await engine.connect(wallet.id, local)
    const provider = engine.getProvider() as SolanaProvider
    await engine.disconnect()
    expect(wallet.requests.at(-1)).toEqual({ op: 'disconnect' })
    expect(seen.at(-1)).toEqual({ status: 'disconnected' })
    await expect(
      provider.request({ method: 'solana_signMessage', params: { message: 'StV1DL6CwTryKyV' } }),
    ).rejects.toMatchObject({ code: 4100 })
    // A silent reconnect no longer finds the dapp approved
    expect(await engine.reconnect(wallet.id)).toBe(false)
  })

  it("follows the wallet: 'change' with no accounts, or the wallet unregistering, disconnects", async () => {
    const wallet = registeredWallet()
    const engine = createSolanaEngine({ networks })
    const seen = watched(engine)
    await engine.connect(wallet.id, local)
    await wallet.disconnectFromWallet()
    expect(seen.at(-1)).toEqual({ status: 'disconnected' })

    const other = registeredWallet()
    await engine.connect(other.id, local)
    expect(seen.at(-1)).toMatchObject({ status: 'connected', address: other.address })
    const unregister = cleanups.pop()
    unregister?.()
    expect(seen.at(-1)).toEqual({ status: 'disconnected' })
  })

  it('switches among configured networks the account lists; refuses others with 4902', async () => {
    const wallet = registeredWallet([local.caipNetworkId, 'solana:devnet'])
    const engine = createSolanaEngine({ networks })
    const seen = watched(engine)
    await engine.connect(wallet.id, local)

    await engine.switchNetwork(devnet)
    expect(seen.at(-1)).toMatchObject({ status: 'connected', chainId: devnet.id })

    await expect(engine.switchNetwork(solana)).rejects.toMatchObject({
      code: 4902,
      message: `Chain ${solana.caipNetworkId} is not approved`,
    })
    const unknown = { ...devnet, id: 'x', caipNetworkId: 'solana:x' as const }
    await expect(engine.switchNetwork(unknown)).rejects.toMatchObject({ code: 4902 })
    expect(seen.at(-1)).toMatchObject({ chainId: devnet.id })
  })

  it('hands out the provider for the connected wallet only', async () => {
    const wallet = registeredWallet()
    const engine = createSolanaEngine({ networks })
    await engine.connect(wallet.id, local)
    expect(engine.getProvider()).toBeDefined()
    expect(engine.getProvider(wallet.id)).toBe(engine.getProvider())
    expect(engine.getProvider('ws:Other')).toBeUndefined()
  })
})
