// Esplora's routes over HTTP: the block routes' shapes, a coinbase's JSON, fee estimates, CORS,
// and every kind of bad input answered 400 or 404 with a text, never a 500.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { REGTEST_GENESIS } from './constants.ts'
import { hex } from './hashes.ts'
import { decodeHeader, headerHash } from './header.ts'
import { type BitcoinRegtest, startBitcoinRegtest } from './regtest.ts'
import { testWallet } from './testing/wallet.ts'

let regtest: BitcoinRegtest

beforeAll(async () => {
  regtest = await startBitcoinRegtest({ port: 0 })
})

afterAll(async () => {
  await regtest?.stop()
})

async function call(path: string, init?: RequestInit) {
  const response = await fetch(`${regtest.url}${path}`, init)
  const text = await response.text()
  const json =
    response.headers.get('content-type') === 'application/json' ? JSON.parse(text) : undefined
  return { status: response.status, headers: response.headers, text, json }
}

describe('block routes', () => {
  it('answer a block by height and by hash, with its status, txids, txs and header', async () => {
    const block = regtest.chain.ledger.blocks[100]
    if (!block) throw new Error('no block 100')
    expect((await call('/block-height/100')).text).toBe(block.hash)
    const { json } = await call(`/block/${block.hash}`)
    expect(json).toEqual({
      id: block.hash,
      height: 100,
      version: 0x20000000,
      timestamp: block.header.time,
      tx_count: 1,
      size: block.size,
      weight: block.weight,
      merkle_root: block.txids[0],
      previousblockhash: regtest.chain.ledger.blocks[99]?.hash,
      mediantime: regtest.chain.ledger.medianTimePast(100),
      nonce: block.header.nonce,
      bits: 0x207fffff,
      difficulty: 4.6565423739069247e-10,
    })
    // A coinbase-only block: header, one tx count byte, the coinbase with its witness.
    const coinbase = regtest.chain.ledger.txs.get(block.txids[0] as string)?.tx
    expect(block.size).toBe(80 + 1 + (coinbase?.size as number))
    expect((await call(`/block/${block.hash}/status`)).json).toEqual({
      in_best_chain: true,
      height: 100,
      next_best: regtest.chain.ledger.blocks[101]?.hash,
    })
    expect((await call(`/block/${regtest.chain.tipHash}/status`)).json.next_best).toBeNull()
    expect((await call(`/block/${block.hash}/txids`)).json).toEqual(block.txids)
    expect((await call(`/block/${block.hash}/txid/0`)).text).toBe(block.txids[0])
    expect(
      (await call(`/block/${block.hash}/txs`)).json.map((tx: { txid: string }) => tx.txid),
    ).toEqual(block.txids)
    const header = (await call(`/block/${block.hash}/header`)).text
    expect(header).toMatch(/^[0-9a-f]{160}$/)
    expect(headerHash(decodeHeader(hex.decode(header)))).toBe(block.hash)
  })

  it('list ten blocks down from the tip or a height; the genesis has no previous block', async () => {
    const { json } = await call('/blocks')
    expect(json.map((block: { height: number }) => block.height)).toEqual(
      Array.from({ length: 10 }, (_, i) => regtest.chain.height - i),
    )
    const genesis = (await call('/blocks/0')).json
    expect(genesis).toHaveLength(1)
    expect(genesis[0]).toMatchObject({
      id: REGTEST_GENESIS.hash,
      height: 0,
      version: 1,
      previousblockhash: null,
      mediantime: REGTEST_GENESIS.time,
    })
  })

  it("show a coinbase's input without a prevout, with its witness, and a zero fee", async () => {
    const txid = regtest.chain.ledger.blocks[5]?.txids[0] as string
    const { json } = await call(`/tx/${txid}`)
    expect(json.fee).toBe(0)
    expect(json.vin).toEqual([
      {
        txid: '0'.repeat(64),
        vout: 0xffffffff,
        prevout: null,
        scriptsig: '5500',
        scriptsig_asm: 'OP_PUSHNUM_5 OP_0',
        witness: ['0'.repeat(64)],
        is_coinbase: true,
        sequence: 0xffffffff,
      },
    ])
    expect(json.vout[0]).toMatchObject({
      scriptpubkey_address: regtest.chain.miner.address,
      value: 5_000_000_000,
    })
    expect(json.vout[1]).toEqual({
      scriptpubkey: expect.stringMatching(/^6a24aa21a9ed/),
      scriptpubkey_asm: expect.stringMatching(/^OP_RETURN OP_PUSHBYTES_36 aa21a9ed/),
      scriptpubkey_type: 'op_return',
      value: 0,
    })
    const raw = await fetch(`${regtest.url}/tx/${txid}/raw`)
    expect(raw.headers.get('content-type')).toBe('application/octet-stream')
    expect(hex.encode(new Uint8Array(await raw.arrayBuffer()))).toBe(
      (await call(`/tx/${txid}/hex`)).text,
    )
    expect((await call(`/tx/${txid}/outspend/0`)).json).toMatchObject({
      spent: expect.any(Boolean),
    })
  })
})

describe('fee estimates', () => {
  it('answer sat/vB for Esplora’s targets 1 to 25, 144, 504 and 1008', async () => {
    const { json } = await call('/fee-estimates')
    expect(Object.keys(json).sort((a, b) => Number(a) - Number(b))).toEqual([
      ...Array.from({ length: 25 }, (_, i) => String(i + 1)),
      '144',
      '504',
      '1008',
    ])
    for (const rate of Object.values(json)) expect(rate).toBe(2)
  })
})

describe('CORS', () => {
  it('lets any origin read answers, errors included, and answers preflights', async () => {
    expect((await call('/blocks/tip/height')).headers.get('access-control-allow-origin')).toBe('*')
    expect((await call('/tx/00')).headers.get('access-control-allow-origin')).toBe('*')
    const preflight = await call('/regtest/faucet', {
      method: 'OPTIONS',
      headers: {
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('access-control-allow-methods')).toBe('GET, POST, OPTIONS')
    expect(preflight.headers.get('access-control-allow-headers')).toBe('content-type')
  })
})

describe('bad input', () => {
  const unknown = 'ab'.repeat(32)
  const rpcError = (code: number, message: string) =>
    `sendrawtransaction RPC error: ${JSON.stringify({ code, message })}`

  it.each([
    ['/tx/xyz', 400, 'Invalid hash string'],
    [`/tx/${unknown}`, 404, 'Transaction not found'],
    [`/tx/${unknown}/hex`, 404, 'Transaction not found'],
    [`/tx/${unknown}/status`, 404, 'Transaction not found'],
    [`/tx/${unknown}/outspends`, 404, 'Transaction not found'],
    [`/block/${unknown}`, 404, 'Block not found'],
    ['/block/123', 400, 'Invalid hash string'],
    ['/block-height/99999', 404, 'Block not found'],
    ['/block-height/-1', 400, 'Invalid number'],
    ['/blocks/99999', 404, 'Block not found'],
    [`/block/${REGTEST_GENESIS.hash}/txid/5`, 404, 'tx index out of range'],
    [`/block/${REGTEST_GENESIS.hash}/txs/3`, 400, 'start index must be a multiple of 25'],
    ['/address/bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', 400, 'Address on invalid network'],
    [
      '/address/2NotAnAddress/utxo',
      400,
      expect.stringMatching(/^Invalid address "2NotAnAddress": /),
    ],
    ['/nope', 404, 'endpoint does not exist "/nope"'],
    ['/tx/%zz', 400, 'malformed percent-encoding in the path'],
  ])('GET %s answers %i', async (path, status, text) => {
    const response = await call(path)
    expect(response.status).toBe(status)
    expect(response.headers.get('content-type')).toBe('text/plain')
    expect(response.text).toEqual(text)
  })

  it('POST /tx answers what Core refuses with its RPC error, 400', async () => {
    expect(await call('/tx', { method: 'POST', body: 'zz' })).toMatchObject({
      status: 400,
      text: rpcError(-22, 'TX decode failed. Make sure the tx has at least one input.'),
    })
    const wallet = testWallet('p2tr', 'http double spend')
    const { txid } = regtest.chain.faucet(wallet.address, 100_000)
    const coins = [{ txid, vout: 0, value: 100_000 }]
    const first = wallet.transfer(coins, [{ address: regtest.chain.miner.address, value: 99_000 }])
    expect((await call('/tx', { method: 'POST', body: first })).status).toBe(200)
    const second = wallet.transfer(coins, [{ address: regtest.chain.miner.address, value: 98_000 }])
    expect(await call('/tx', { method: 'POST', body: second })).toMatchObject({
      status: 400,
      text: rpcError(-25, 'bad-txns-inputs-missingorspent'),
    })
  })

  it('the regtest helpers answer bad bodies 400', async () => {
    const faucet = (body: string) => call('/regtest/faucet', { method: 'POST', body })
    expect(await faucet('not json')).toMatchObject({
      status: 400,
      text: 'the body must be a JSON object',
    })
    expect(await faucet('[]')).toMatchObject({
      status: 400,
      text: 'the body must be a JSON object',
    })
    expect(await faucet('{"sats":1000}')).toMatchObject({
      status: 400,
      text: 'address must be a string',
    })
    const address = testWallet('p2wpkh', 'bad faucet').address
    expect(await faucet(JSON.stringify({ address }))).toMatchObject({
      status: 400,
      text: 'sats must be a number',
    })
    expect((await faucet(JSON.stringify({ address, sats: -5 }))).status).toBe(400)
    expect(await faucet(JSON.stringify({ address, sats: 100 }))).toMatchObject({
      status: 400,
      text: rpcError(-26, 'dust'),
    })
    const paid = await faucet(JSON.stringify({ address, sats: '5000' }))
    expect(paid.status).toBe(200)
    const mine = (body: string) => call('/regtest/mine', { method: 'POST', body })
    expect(await mine('{"blocks":"2"}')).toMatchObject({
      status: 400,
      text: 'blocks must be a number',
    })
    expect(await mine('{"blocks":5000}')).toMatchObject({
      status: 400,
      text: 'blocks must be an integer from 0 to 1000',
    })
    expect(await mine('{"address":7}')).toMatchObject({
      status: 400,
      text: 'address must be a string',
    })
    expect((await mine('{}')).json.height).toBe(regtest.chain.height)
  })

  it('refuses bodies over 1 MB and methods it does not serve', async () => {
    const big = await call('/tx', { method: 'POST', body: '0'.repeat(1_000_001) })
    expect(big).toMatchObject({ status: 413, text: 'Request body too large' })
    expect((await call('/blocks/tip/height', { method: 'DELETE' })).status).toBe(404)
    expect((await call('/tx', { method: 'GET' })).status).toBe(404)
  })
})
