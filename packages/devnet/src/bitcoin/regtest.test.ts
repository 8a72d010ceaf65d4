// A wallet's round trip over Esplora's HTTP API, as the modal and the data API see it: faucet,
// address stats and UTXOs, a signed transfer posted, its JSON, both histories and balances; the
// mempool with automine off; and the server's options.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hex } from './hashes.ts'
import { type BitcoinRegtest, defaultBitcoinRegtestPort, startBitcoinRegtest } from './regtest.ts'
import { testWallet } from './testing/wallet.ts'

let regtest: BitcoinRegtest

beforeAll(async () => {
  regtest = await startBitcoinRegtest({ port: 0 })
})

afterAll(async () => {
  await regtest?.stop()
})

async function get(path: string) {
  const response = await fetch(`${regtest.url}${path}`)
  const body = await response.text()
  expect(response.status, `${path}: ${body}`).toBe(200)
  return response.headers.get('content-type') === 'application/json' ? JSON.parse(body) : body
}

async function post(path: string, body: string) {
  const response = await fetch(`${regtest.url}${path}`, { method: 'POST', body })
  return { status: response.status, text: await response.text() }
}

const stats = (funded: number[], spent: number[], txCount: number) => ({
  funded_txo_count: funded.length,
  funded_txo_sum: funded.reduce((a, b) => a + b, 0),
  spent_txo_count: spent.length,
  spent_txo_sum: spent.reduce((a, b) => a + b, 0),
  tx_count: txCount,
})
const NONE = stats([], [], 0)
const balance = (s: ReturnType<typeof stats>) => s.funded_txo_sum - s.spent_txo_sum

describe('a wallet on the local chain', () => {
  const alice = testWallet('p2wpkh', 'alice over http')
  const bob = testWallet('p2tr', 'bob over http')
  let funding: { txid: string; blockHash: string; blockHeight: number }
  let transfer: string

  it('listens on loopback with the miner 101 blocks in', async () => {
    expect(regtest.url).toBe(`http://127.0.0.1:${regtest.port}`)
    expect(await get('/blocks/tip/height')).toBe('101')
    expect(await get('/blocks/tip/hash')).toBe(regtest.chain.tipHash)
  })

  it('receives from the faucet: the address stats and UTXOs show it', async () => {
    const response = await post(
      '/regtest/faucet',
      JSON.stringify({ address: alice.address, sats: 1_000_000 }),
    )
    expect(response.status).toBe(200)
    funding = JSON.parse(response.text)
    expect(funding).toEqual({
      txid: expect.stringMatching(/^[0-9a-f]{64}$/),
      blockHash: regtest.chain.tipHash,
      blockHeight: 102,
    })
    expect(await get(`/address/${alice.address}`)).toEqual({
      address: alice.address,
      chain_stats: stats([1_000_000], [], 1),
      mempool_stats: NONE,
    })
    const blockTime = regtest.chain.ledger.tip.header.time
    const confirmed = {
      confirmed: true,
      block_height: 102,
      block_hash: funding.blockHash,
      block_time: blockTime,
    }
    expect(await get(`/address/${alice.address}/utxo`)).toEqual([
      { txid: funding.txid, vout: 0, status: confirmed, value: 1_000_000 },
    ])
  })

  it('posts a signed transfer: the tx JSON shows inputs, outputs, fee and block', async () => {
    const raw = alice.transfer(
      [{ txid: funding.txid, vout: 0, value: 1_000_000 }],
      [
        { address: bob.address, value: 600_000 },
        { address: alice.address, value: 399_000 },
      ],
    )
    const response = await post('/tx', raw)
    expect(response.status).toBe(200)
    transfer = response.text
    expect(transfer).toMatch(/^[0-9a-f]{64}$/)
    const json = await get(`/tx/${transfer}`)
    const aliceOut = {
      scriptpubkey: hex.encode(alice.script),
      scriptpubkey_asm: `OP_0 OP_PUSHBYTES_20 ${hex.encode(alice.script.subarray(2))}`,
      scriptpubkey_type: 'v0_p2wpkh',
      scriptpubkey_address: alice.address,
    }
    expect(json).toEqual({
      txid: transfer,
      version: 2,
      locktime: 0,
      vin: [
        {
          txid: funding.txid,
          vout: 0,
          prevout: { ...aliceOut, value: 1_000_000 },
          scriptsig: '',
          scriptsig_asm: '',
          witness: [
            expect.stringMatching(/^30[0-9a-f]+01$/),
            expect.stringMatching(/^0[23][0-9a-f]{64}$/),
          ],
          is_coinbase: false,
          sequence: 0xffffffff,
        },
      ],
      vout: [
        {
          scriptpubkey: hex.encode(bob.script),
          scriptpubkey_asm: `OP_PUSHNUM_1 OP_PUSHBYTES_32 ${hex.encode(bob.script.subarray(2))}`,
          scriptpubkey_type: 'v1_p2tr',
          scriptpubkey_address: bob.address,
          value: 600_000,
        },
        { ...aliceOut, value: 399_000 },
      ],
      size: raw.length / 2,
      weight: expect.any(Number),
      fee: 1_000_000 - 600_000 - 399_000,
      status: {
        confirmed: true,
        block_height: 103,
        block_hash: regtest.chain.tipHash,
        block_time: expect.any(Number),
      },
    })
    expect(await get(`/tx/${transfer}/hex`)).toBe(raw)
    expect(await get(`/tx/${transfer}/status`)).toEqual(json.status)
  })

  it("shows in both addresses' histories (newest first) and balances", async () => {
    const aliceTxs = await get(`/address/${alice.address}/txs`)
    expect(aliceTxs.map((tx: { txid: string }) => tx.txid)).toEqual([transfer, funding.txid])
    const bobTxs = await get(`/address/${bob.address}/txs`)
    expect(bobTxs.map((tx: { txid: string }) => tx.txid)).toEqual([transfer])
    const aliceStats = (await get(`/address/${alice.address}`)).chain_stats
    expect(aliceStats).toEqual(stats([1_000_000, 399_000], [1_000_000], 2))
    expect(balance(aliceStats)).toBe(399_000)
    expect((await get(`/address/${bob.address}`)).chain_stats).toEqual(stats([600_000], [], 1))
    expect(await get(`/tx/${funding.txid}/outspends`)).toEqual([
      { spent: true, txid: transfer, vin: 0, status: aliceTxs[0].status },
      { spent: false },
    ])
  })

  it('with automine off, a spend waits in the mempool, listed first, until a block is mined', async () => {
    regtest.chain.automine = false
    try {
      const raw = bob.transfer(
        [{ txid: transfer, vout: 0, value: 600_000 }],
        [{ address: alice.address, value: 599_500 }],
      )
      const pending = (await post('/tx', raw)).text
      expect(await get(`/tx/${pending}/status`)).toEqual({ confirmed: false })
      expect(await get('/mempool/txids')).toEqual([pending])
      expect(await get(`/address/${bob.address}`)).toMatchObject({
        chain_stats: stats([600_000], [], 1),
        mempool_stats: stats([], [600_000], 1),
      })
      expect(await get(`/address/${bob.address}/utxo`)).toEqual([])
      const aliceTxs = await get(`/address/${alice.address}/txs`)
      expect(aliceTxs.map((tx: { txid: string }) => tx.txid)).toEqual([
        pending,
        transfer,
        funding.txid,
      ])
      expect(await get(`/address/${alice.address}/txs/mempool`)).toEqual([aliceTxs[0]])
      const utxos = await get(`/address/${alice.address}/utxo`)
      expect(utxos.at(-1)).toEqual({
        txid: pending,
        vout: 0,
        status: { confirmed: false },
        value: 599_500,
      })
      const mined = await post('/regtest/mine', JSON.stringify({ blocks: 2 }))
      expect(JSON.parse(mined.text)).toEqual({
        blockHashes: [expect.any(String), regtest.chain.tipHash],
        height: 105,
      })
      expect(await get(`/tx/${pending}/status`)).toMatchObject({
        confirmed: true,
        block_height: 104,
      })
      expect(await get('/mempool/txids')).toEqual([])
    } finally {
      regtest.chain.automine = true
    }
  })

  it('pages confirmed history with /txs/chain and a last seen txid', async () => {
    const chainTxs = await get(`/address/${alice.address}/txs/chain`)
    expect(chainTxs).toHaveLength(3)
    const after = await get(`/address/${alice.address}/txs/chain/${chainTxs[0].txid}`)
    expect(after.map((tx: { txid: string }) => tx.txid)).toEqual([transfer, funding.txid])
  })
})

describe('starting the chain', () => {
  it('reads BITCOIN_REGTEST_PORT, defaulting to 8792', () => {
    const saved = process.env.BITCOIN_REGTEST_PORT
    try {
      delete process.env.BITCOIN_REGTEST_PORT
      expect(defaultBitcoinRegtestPort()).toBe(8792)
      process.env.BITCOIN_REGTEST_PORT = '18443'
      expect(defaultBitcoinRegtestPort()).toBe(18443)
      for (const bad of ['x', '70000', '-1', '1.5']) {
        process.env.BITCOIN_REGTEST_PORT = bad
        expect(() => defaultBitcoinRegtestPort()).toThrow(`got "${bad}"`)
      }
    } finally {
      if (saved === undefined) delete process.env.BITCOIN_REGTEST_PORT
      else process.env.BITCOIN_REGTEST_PORT = saved
    }
  })

  it('refuses a port in use and a bad interval', async () => {
    await expect(startBitcoinRegtest({ port: regtest.port })).rejects.toThrow(
      `port ${regtest.port} is already in use`,
    )
    await expect(startBitcoinRegtest({ port: 0, blockIntervalMs: 0 })).rejects.toThrow(
      'blockIntervalMs',
    )
  })

  it('mines on an interval when asked, and stops', async () => {
    const ticking = await startBitcoinRegtest({ port: 0, blockIntervalMs: 20 })
    await new Promise((resolve) => setTimeout(resolve, 150))
    await ticking.stop()
    const height = ticking.chain.height
    expect(height).toBeGreaterThan(101)
    await new Promise((resolve) => setTimeout(resolve, 60))
    expect(ticking.chain.height).toBe(height)
    await ticking.stop()
    await expect(fetch(`${ticking.url}/blocks/tip/height`)).rejects.toThrow()
  })
})
