// @vitest-environment jsdom
import type { CaipNetwork } from '@latchkey/core/networks'
import type { BitcoinRegtest } from '@latchkey/devnet'
import { base64 } from '@scure/base'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { verifyBip322 } from './bip322.ts'
import { REGTEST_ADDRESS_PARAMS } from './constants.ts'
import { createBitcoinEngine } from './engine.ts'
import { createEsploraClient } from './esplora.ts'
import { bitcoin } from './networks.ts'
import type { BitcoinTestWalletOptions } from './testing/backend.ts'
import { freshAddress } from './testing/keys.ts'
import { esploraTx, startRegtestNetwork } from './testing/regtest.ts'
import { createBitcoinTestWallet } from './testing/wallet.ts'
import { buildTransfer } from './transfer.ts'

let regtest: BitcoinRegtest
let network: CaipNetwork
const cleanups: (() => void)[] = []
let count = 0

beforeAll(async () => {
  ;({ regtest, network } = await startRegtestNetwork())
})
afterAll(() => regtest?.stop())
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup()
})

const balance = (address: string) => createEsploraClient(network).balance(address)
const engineFor = () => createBitcoinEngine({ networks: [network, bitcoin], walletWaitMs: 50 })

/** A test wallet announced in `btc_providers` (its Wallet Standard side left unregistered). */
async function connected(options: Partial<BitcoinTestWalletOptions> = {}) {
  const test = createBitcoinTestWallet({
    esploraUrl: regtest.url,
    name: `Sats Wallet ${++count}`,
    ...options,
  })
  cleanups.push(test.announce())
  const engine = engineFor()
  const snapshot = await engine.connect(test.satsConnectorId, network)
  return { test, engine, snapshot }
}

describe('Bitcoin engine with a Sats Connect provider on regtest', () => {
  it('connects with wallet_connect on the network the wallet reports', async () => {
    const { test, engine, snapshot } = await connected()
    expect(snapshot).toEqual({
      status: 'connected',
      address: test.address,
      chainId: network.id,
      connectorId: test.satsConnectorId,
    })
    expect(test.requests.map((r) => r.op)).toEqual(['connect'])
    expect(engine.getProvider()?.wallet).toBe(test.satsProvider)
    await engine.disconnect()
    expect(test.requests.at(-1)).toEqual({ op: 'disconnect' })
  })

  it("ends the session on the wallet's disconnect event", async () => {
    const { test, engine } = await connected()
    const seen: unknown[] = []
    cleanups.push(engine.watchAccount((snapshot) => seen.push(snapshot)))
    test.disconnectFromWallet()
    expect(seen).toEqual([{ status: 'disconnected' }])
  })

  it('reconnects only with the permission the wallet reports, never prompting', async () => {
    const { test } = await connected()
    const engine = engineFor()
    expect(await engine.reconnect(test.satsConnectorId)).toBe(true)
    expect(test.prompts).toBe(1)
    test.forget()
    const after = test.requests.length
    expect(await engineFor().reconnect(test.satsConnectorId)).toBe(false)
    expect(test.requests.slice(after).map((r) => r.op)).toEqual(['permissions'])
    expect(await engineFor().reconnect('sats-connect:Missing.Provider')).toBe(false)
    expect(test.prompts).toBe(1)
  })

  it('sends a transfer through the wallet, after the dust and balance checks', async () => {
    const { test, engine } = await connected()
    regtest.chain.faucet(test.address, 120_000)
    const receiver = freshAddress()
    await expect(engine.sendTransfer({ network, to: receiver, amount: 100n })).rejects.toThrow(
      /below the dust limit/,
    )
    await expect(engine.sendTransfer({ network, to: receiver, amount: 500_000n })).rejects.toThrow(
      'Insufficient funds: 500000 sat and the network fee needed, 120000 sat available',
    )
    const txid = await engine.sendTransfer({ network, to: receiver, amount: 40_000n })
    expect(test.requests.at(-1)).toEqual({ op: 'sendTransfer' })
    const { fee } = await esploraTx(regtest.url, txid)
    expect(fee).toBeGreaterThan(0)
    expect(await balance(receiver)).toBe(40_000n)
    expect(await balance(test.address)).toBe(120_000n - 40_000n - BigInt(fee))
  })

  it('signs messages (BIP-322) and PSBTs, the wallet broadcasting when asked', async () => {
    const { test, engine } = await connected()
    const signature = await engine.signMessage('Hello from Latchkey')
    expect(
      verifyBip322(test.address, 'Hello from Latchkey', signature, REGTEST_ADDRESS_PARAMS),
    ).toBe(true)
    regtest.chain.faucet(test.address, 50_000)
    const receiver = freshAddress()
    const plan = await buildTransfer(
      { from: test.address, to: receiver, amount: 20_000n, network },
      createEsploraClient(network),
    )
    const { txid } = await engine.signPSBT(base64.encode(plan.psbt), { broadcast: true })
    expect(txid).toMatch(/^[0-9a-f]{64}$/)
    expect(await balance(receiver)).toBe(20_000n)
    test.rejectNext('sign')
    await expect(engine.signMessage('no')).rejects.toMatchObject({ code: 4001 })
  })

  it('refuses a network the account is not on; the network the wallet reports decides', async () => {
    const { engine } = await connected()
    await expect(engine.switchNetwork(bitcoin)).rejects.toMatchObject({ code: 4902 })
    const { snapshot } = await connected({ satsNetwork: 'Mainnet' })
    expect(snapshot.chainId).toBe(bitcoin.id)
  })
})
