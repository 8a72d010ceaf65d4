import type { AccountSnapshot } from '@latchkey/core/internal'
import type { CaipNetwork } from '@latchkey/core/networks'
import type { BitcoinRegtest } from '@latchkey/devnet'
import { base64 } from '@scure/base'
import { Transaction } from '@scure/btc-signer'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { verifyBip322 } from './bip322.ts'
import { REGTEST_ADDRESS_PARAMS } from './constants.ts'
import { createBitcoinEngine } from './engine.ts'
import { createEsploraClient } from './esplora.ts'
import { bitcoin, bitcoinSignet, bitcoinTestnet } from './networks.ts'
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
const cleanUp = () => {
  for (const cleanup of cleanups.splice(0)) cleanup()
}
afterEach(cleanUp)

const balance = (address: string) => createEsploraClient(network).balance(address)

/** A registered test wallet and an engine for the regtest network (and mainnet and signet). */
function setup(options: Partial<BitcoinTestWalletOptions> = {}) {
  const test = createBitcoinTestWallet({
    esploraUrl: regtest.url,
    name: `Regtest Wallet ${++count}`,
    ...options,
  })
  cleanups.push(test.register())
  const engine = createBitcoinEngine({
    networks: [network, bitcoin, bitcoinSignet],
    walletWaitMs: 50,
  })
  return { test, engine }
}

async function connected(options: Partial<BitcoinTestWalletOptions> = {}) {
  const parts = setup(options)
  await parts.engine.connect(parts.test.standardConnectorId, network)
  return parts
}

describe('Bitcoin engine with a Wallet Standard wallet on regtest', () => {
  it('connects the payment account on the regtest network, and disconnects', async () => {
    const { test, engine } = setup()
    const seen: AccountSnapshot[] = []
    cleanups.push(engine.watchAccount((snapshot) => seen.push(snapshot)))
    const snapshot = await engine.connect(test.standardConnectorId, network)
    expect(snapshot).toEqual({
      status: 'connected',
      address: test.address,
      chainId: network.id,
      connectorId: test.standardConnectorId,
    })
    expect(engine.getAccountAddresses()).toEqual([
      { address: test.address, publicKey: test.key.publicKey, purpose: 'payment' },
    ])
    expect(engine.getProvider()?.connectorId).toBe(test.standardConnectorId)
    expect(engine.getProvider('ws-bitcoin:Other')).toBeUndefined()
    await engine.disconnect()
    expect(seen.at(-1)).toEqual({ status: 'disconnected' })
    expect(engine.getProvider()).toBeUndefined()
    expect(test.requests.map((r) => r.op)).toEqual(['connect', 'disconnect'])
  })

  it('reconnects after a reload without a prompt, and not once the wallet forgot the app', async () => {
    const { test } = await connected()
    expect(test.prompts).toBe(1)
    cleanUp()

    const reloaded = test.reload()
    cleanups.push(reloaded.register())
    const engine = createBitcoinEngine({ networks: [network], walletWaitMs: 50 })
    expect(await engine.reconnect(test.standardConnectorId)).toBe(true)
    expect(test.requests.at(-1)).toEqual({ op: 'connect', silent: true })
    expect(test.prompts).toBe(1)

    test.forget()
    cleanUp()
    cleanups.push(test.reload().register())
    const again = createBitcoinEngine({ networks: [network], walletWaitMs: 50 })
    expect(await again.reconnect(test.standardConnectorId)).toBe(false)
    expect(await again.reconnect('ws-bitcoin:Nobody')).toBe(false)
    expect(await again.reconnect('unknown:kind')).toBe(false)
    expect(test.prompts).toBe(1)
  })

  it('reads the balance after a faucet payment, in BTC with 8 decimals', async () => {
    const { test, engine } = await connected()
    expect(await engine.getBalance(test.address, network)).toEqual({
      value: 0n,
      decimals: 8,
      symbol: 'BTC',
    })
    regtest.chain.faucet(test.address, 150_000)
    expect((await engine.getBalance(test.address, network)).value).toBe(150_000n)
  })

  it('sends a transfer: the receiver gets the amount, the change comes back, the fee is paid', async () => {
    const { test, engine } = await connected()
    regtest.chain.faucet(test.address, 200_000)
    const receiver = freshAddress()
    const txid = await engine.sendTransfer({ network, to: receiver, amount: 50_000n })
    expect(txid).toMatch(/^[0-9a-f]{64}$/)
    const { fee, vout, status } = await esploraTx(regtest.url, txid)
    expect(status.confirmed).toBe(true)
    expect(fee).toBeGreaterThan(0)
    expect(await balance(receiver)).toBe(50_000n)
    expect(await balance(test.address)).toBe(200_000n - 50_000n - BigInt(fee))
    expect(vout.find((o) => o.scriptpubkey_address === test.address)?.value).toBe(
      200_000 - 50_000 - fee,
    )
  })

  it('refuses dust, more than the balance, a bad receiver and tokens before asking the wallet', async () => {
    const { test, engine } = await connected()
    regtest.chain.faucet(test.address, 10_000)
    const to = freshAddress()
    const before = test.requests.length
    await expect(engine.sendTransfer({ network, to, amount: 545n })).rejects.toThrow(
      '545 sat is below the dust limit: send at least 546 sat',
    )
    await expect(engine.sendTransfer({ network, to, amount: 20_000n })).rejects.toThrow(
      'Insufficient funds: 20000 sat and the network fee needed, 10000 sat available',
    )
    // Enough for the amount, not for the fee as well.
    await expect(engine.sendTransfer({ network, to, amount: 9_990n })).rejects.toThrow(
      /^Insufficient funds: 9990 sat/,
    )
    await expect(
      engine.sendTransfer({
        network,
        to: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
        amount: 1_000n,
      }),
    ).rejects.toThrow(/is not a Bitcoin address on Bitcoin Regtest/)
    await expect(
      engine.sendTransfer({ network, to, amount: 1_000n, token: { address: 'x', decimals: 0 } }),
    ).rejects.toThrow('Bitcoin transfers send BTC only: no token transfers')
    expect(test.requests.length).toBe(before)
  })

  it('signs a message with BIP-322 that verifies for the payment address', async () => {
    const { test, engine } = await connected()
    const signature = await engine.signMessage('Sign in to Latchkey')
    expect(
      verifyBip322(test.address, 'Sign in to Latchkey', signature, REGTEST_ADDRESS_PARAMS),
    ).toBe(true)
    const viaProvider = await engine.getProvider()?.signMessage({ message: 'other text' })
    expect(
      verifyBip322(test.address, 'other text', viaProvider ?? '', REGTEST_ADDRESS_PARAMS),
    ).toBe(true)
    test.rejectNext('sign')
    await expect(engine.signMessage('refused')).rejects.toMatchObject({ code: 4001 })
  })

  it('signs a PSBT: its own inputs by default, and broadcasts it when asked', async () => {
    const { test, engine } = await connected()
    regtest.chain.faucet(test.address, 100_000)
    const receiver = freshAddress()
    const plan = await buildTransfer(
      { from: test.address, to: receiver, amount: 30_000n, network },
      createEsploraClient(network),
    )
    const psbt = base64.encode(plan.psbt)
    const signed = await engine.signPSBT(psbt)
    expect(signed.txid).toBeUndefined()
    const input = Transaction.fromPSBT(base64.decode(signed.psbt)).getInput(0)
    expect(input.partialSig?.length).toBe(1)

    const sent = await engine.getProvider()?.signPSBT({
      psbt,
      signInputs: [{ address: test.address, index: 0, sighashTypes: [1] }],
      broadcast: true,
    })
    expect(sent?.txid).toMatch(/^[0-9a-f]{64}$/)
    expect(await balance(receiver)).toBe(30_000n)

    const foreign = await buildTransfer(
      { from: receiver, to: test.address, amount: 1_000n, network },
      createEsploraClient(network),
    )
    await expect(engine.signPSBT(base64.encode(foreign.psbt))).rejects.toThrow(
      `The PSBT has no input of ${test.address} to sign`,
    )
    await expect(engine.signPSBT('not a psbt')).rejects.toMatchObject({ code: -32602 })
  })

  it('switches only to configured networks the account is on', async () => {
    // The wallet lists mainnet too; a regtest address is on regtest alone.
    const { engine, test } = await connected({ chains: ['bitcoin:regtest', 'bitcoin:mainnet'] })
    await engine.switchNetwork(network)
    await expect(engine.switchNetwork(bitcoin)).rejects.toMatchObject({
      code: 4902,
      message: `The wallet's account ${test.address} is not on Bitcoin: a Bitcoin address belongs to one network`,
    })
    await expect(engine.switchNetwork(bitcoinTestnet)).rejects.toMatchObject({
      code: 4902,
      message: `Chain ${bitcoinTestnet.caipNetworkId} is not approved`,
    })
    await expect(
      engine.sendTransfer({ network: bitcoin, to: freshAddress(), amount: 1_000n }),
    ).rejects.toMatchObject({ code: 4902 })
  })

  it('sends through signAndSendTransaction when the wallet only has that', async () => {
    const { test, engine } = await connected({ omitFeatures: ['bitcoin:signTransaction'] })
    regtest.chain.faucet(test.address, 60_000)
    const receiver = freshAddress()
    await engine.sendTransfer({ network, to: receiver, amount: 10_000n })
    expect(await balance(receiver)).toBe(10_000n)
    await expect(engine.signPSBT(base64.encode(new Uint8Array(0)))).rejects.toThrow(/Invalid PSBT/)
  })

  it('follows the wallet: its own disconnect ends the session', async () => {
    const { engine, test } = await connected()
    const seen: AccountSnapshot[] = []
    cleanups.push(engine.watchAccount((snapshot) => seen.push(snapshot)))
    test.disconnectFromWallet()
    expect(seen).toEqual([{ status: 'disconnected' }])
    expect(engine.getAccountAddresses()).toEqual([])
    await expect(engine.signMessage('gone')).rejects.toMatchObject({ code: 4100 })
  })

  it('ends the session when the wallet unregisters', async () => {
    const { engine } = await connected()
    const seen: AccountSnapshot[] = []
    cleanups.push(engine.watchAccount((snapshot) => seen.push(snapshot)))
    cleanups.splice(0, 1)[0]?.()
    expect(seen).toEqual([{ status: 'disconnected' }])
  })
})
