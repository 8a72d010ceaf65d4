import { type AnvilInstance, findFreePort, startAnvil } from '@latchkey/devnet'
import { createPublicClient, http, verifyMessage } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { prepareSigning, WRONG_ACCOUNT } from './signer.ts'
import { inEnglish } from './testing/inEnglish.ts'
import { startRpcEndpoint } from './testing/rpcEndpoint.ts'

const account = privateKeyToAccount(generatePrivateKey())
const address = account.address
const context = { address, chainId: 31337, rpcUrl: 'http://127.0.0.1:1' }
const details = (method: string, params: unknown) =>
  Object.fromEntries(
    inEnglish(prepareSigning(method, params, context).details).map((d) => [d.label, d.value]),
  )

describe('personal_sign', () => {
  it('shows UTF-8 text, and hex for bytes that are not plain text', () => {
    expect(details('personal_sign', ['0x68656c6c6f', address])).toMatchObject({ Message: 'hello' })
    expect(details('personal_sign', ['0xc328', address])).toMatchObject({
      'Message (hex)': '0xc328',
    })
    // a right-to-left override would let a page disguise what is signed
    const rlo = `0x${Buffer.from('pay \u202eevil').toString('hex')}`
    expect(details('personal_sign', [rlo, address])).toMatchObject({ 'Message (hex)': rlo })
    expect(details('personal_sign', ['plain text\u202e', address])).toMatchObject({
      Message: 'plain text\\u{202e}',
    })
  })

  it('signs the bytes of hex and the text of text', async () => {
    const hex = await prepareSigning('personal_sign', ['0xdeadbeef', address], context).run({
      account,
      signal: new AbortController().signal,
    })
    expect(
      await verifyMessage({
        address,
        message: { raw: '0xdeadbeef' },
        signature: hex as `0x${string}`,
      }),
    ).toBe(true)
    const text = await prepareSigning('personal_sign', ['hello', address], context).run({
      account,
      signal: new AbortController().signal,
    })
    expect(
      await verifyMessage({ address, message: 'hello', signature: text as `0x${string}` }),
    ).toBe(true)
  })

  it('refuses another account and malformed params before anything is shown', () => {
    const other = privateKeyToAccount(generatePrivateKey()).address
    expect(() => prepareSigning('personal_sign', ['0x00', other], context)).toThrow(WRONG_ACCOUNT)
    expect(() => prepareSigning('personal_sign', ['0x00'], context)).toThrow('Invalid address')
    expect(() => prepareSigning('personal_sign', [1, address], context)).toThrow('Invalid message')
    expect(() => prepareSigning('personal_sign', 'x', context)).toThrow('Invalid message')
  })
})

describe('eth_signTypedData_v4', () => {
  const typed = (domain: Record<string, unknown>) => ({
    types: { Note: [{ name: 'text', type: 'string' }] },
    primaryType: 'Note',
    domain,
    message: { text: 'hi' },
  })

  it('checks the domain chain against the active chain', () => {
    expect(() =>
      prepareSigning('eth_signTypedData_v4', [address, typed({ chainId: 1 })], context),
    ).toThrow('Provided chainId "1" must match the active chainId "31337"')
    expect(
      details('eth_signTypedData_v4', [address, typed({ name: 'App', chainId: '0x7a69' })]),
    ).toMatchObject({
      Domain: 'App',
      Network: 'Chain 31337',
      Type: 'Note',
    })
  })

  it('refuses typed data that does not hash', () => {
    expect(() => prepareSigning('eth_signTypedData_v4', [address, '{not json'], context)).toThrow(
      'Invalid typed data',
    )
    expect(() =>
      prepareSigning(
        'eth_signTypedData_v4',
        [address, { ...typed({}), primaryType: 'Missing' }],
        context,
      ),
    ).toThrow(/^Invalid typed data/)
    expect(() =>
      prepareSigning(
        'eth_signTypedData_v4',
        [
          address,
          {
            types: { Note: [{ name: 'n', type: 'uint8' }] },
            primaryType: 'Note',
            message: { n: 300 },
          },
        ],
        context,
      ),
    ).toThrow(/^Invalid typed data/)
  })
})

describe('eth_sendTransaction', () => {
  let anvil: AnvilInstance
  beforeAll(async () => {
    anvil = await startAnvil({ port: await findFreePort(), chainId: 31337 })
    const client = createPublicClient({ transport: http(anvil.rpcUrl) })
    await client.request({
      method: 'anvil_setBalance' as never,
      params: [address, '0xde0b6b3a7640000'] as never,
    })
  })
  afterAll(async () => {
    await anvil?.stop()
  })

  it('describes a deployment, and refuses another sender, chain or no RPC', () => {
    expect(details('eth_sendTransaction', [{ data: '0x6000' }])).toMatchObject({
      To: 'New contract (deployment)',
      Value: '0 ETH',
      Data: '2 bytes',
    })
    const other = privateKeyToAccount(generatePrivateKey()).address
    expect(() =>
      prepareSigning('eth_sendTransaction', [{ from: other, to: other }], context),
    ).toThrow(WRONG_ACCOUNT)
    expect(() =>
      prepareSigning('eth_sendTransaction', [{ to: other, chainId: '0x1' }], context),
    ).toThrow('another chain')
    expect(() =>
      prepareSigning('eth_sendTransaction', [{ to: other }], { ...context, rpcUrl: undefined }),
    ).toThrow('No RPC URL for chain 31337')
    expect(() =>
      prepareSigning('eth_sendTransaction', [{ to: other, value: 10 }], context),
    ).toThrow('Invalid transaction')
    expect(() => prepareSigning('eth_sendTransaction', [{}], context)).toThrow(
      'Invalid transaction',
    )
  })

  it('an abort after approval keeps the transaction off the chain', async () => {
    const client = createPublicClient({ transport: http(anvil.rpcUrl) })
    const before = await client.getTransactionCount({ address })
    const controller = new AbortController()
    const request = prepareSigning('eth_sendTransaction', [{ to: address, value: '0x1' }], {
      ...context,
      rpcUrl: anvil.rpcUrl,
    })
    controller.abort()
    await expect(request.run({ account, signal: controller.signal })).rejects.toThrow(
      'Request was aborted',
    )
    expect(await client.getTransactionCount({ address })).toBe(before)
  })

  it('an abort before signing never uses the key; one during signing sends nothing', async () => {
    const client = createPublicClient({ transport: http(anvil.rpcUrl) })
    const before = await client.getTransactionCount({ address })
    const signed: string[] = []
    const early = new AbortController()
    const watched = {
      ...account,
      signTransaction: async (...args: Parameters<typeof account.signTransaction>) => {
        signed.push('signed')
        return account.signTransaction(...args)
      },
    }
    const request = () =>
      prepareSigning('eth_sendTransaction', [{ to: address, value: '0x1' }], {
        ...context,
        rpcUrl: anvil.rpcUrl,
      })
    early.abort()
    await expect(request().run({ account: watched, signal: early.signal })).rejects.toThrow(
      'Request was aborted',
    )
    expect(signed).toEqual([])
    const during = new AbortController()
    const abortsWhileSigning = {
      ...account,
      signTransaction: async (...args: Parameters<typeof account.signTransaction>) => {
        const signature = await account.signTransaction(...args)
        during.abort()
        return signature
      },
    }
    await expect(
      request().run({ account: abortsWhileSigning, signal: during.signal }),
    ).rejects.toThrow('Request was aborted')
    expect(await client.getTransactionCount({ address })).toBe(before)
  })

  it('sends with the fees the page set (EIP-1559)', async () => {
    const client = createPublicClient({ transport: http(anvil.rpcUrl) })
    const block = await client.getBlock()
    const maxFeePerGas = (block.baseFeePerGas ?? 1_000_000_000n) * 3n
    const maxPriorityFeePerGas = 1_234_567n
    const hash = await prepareSigning(
      'eth_sendTransaction',
      [
        {
          to: address,
          value: '0x1',
          maxFeePerGas: `0x${maxFeePerGas.toString(16)}`,
          maxPriorityFeePerGas: `0x${maxPriorityFeePerGas.toString(16)}`,
        },
      ],
      { ...context, rpcUrl: anvil.rpcUrl },
    ).run({ account, signal: new AbortController().signal })
    const sent = await client.getTransaction({ hash: hash as `0x${string}` })
    expect(sent.maxFeePerGas).toBe(maxFeePerGas)
    expect(sent.maxPriorityFeePerGas).toBe(maxPriorityFeePerGas)
  })

  it('takes one EIP-1559 fee alone; the wallet fills in the other', async () => {
    const client = createPublicClient({ transport: http(anvil.rpcUrl) })
    const send = (fees: Record<string, string>) =>
      prepareSigning('eth_sendTransaction', [{ to: address, value: '0x1', ...fees }], {
        ...context,
        rpcUrl: anvil.rpcUrl,
      }).run({ account, signal: new AbortController().signal })
    const tip = await send({ maxPriorityFeePerGas: '0x3' })
    expect((await client.getTransaction({ hash: tip as `0x${string}` })).maxPriorityFeePerGas).toBe(
      3n,
    )
    const block = await client.getBlock()
    const cap = (block.baseFeePerGas ?? 1_000_000_000n) * 4n
    const capped = await send({ maxFeePerGas: `0x${cap.toString(16)}` })
    expect((await client.getTransaction({ hash: capped as `0x${string}` })).maxFeePerGas).toBe(cap)
  })

  it('an endpoint that fails is asked again once, not more', async () => {
    const endpoint = await startRpcEndpoint()
    try {
      endpoint.answerWith({ status: 500, body: 'down' })
      const request = prepareSigning('eth_sendTransaction', [{ to: address, value: '0x1' }], {
        ...context,
        rpcUrl: endpoint.url,
      })
      await expect(request.run({ account, signal: new AbortController().signal })).rejects.toThrow()
      expect(endpoint.seen.map((call) => (call.body as { method: string }).method)).toEqual([
        'eth_chainId',
        'eth_chainId',
      ])
    } finally {
      await endpoint.close()
    }
  })

  it('refuses an RPC endpoint on another chain', async () => {
    const request = prepareSigning('eth_sendTransaction', [{ to: address, value: '0x1' }], {
      ...context,
      chainId: 1,
      rpcUrl: anvil.rpcUrl,
    })
    await expect(request.run({ account, signal: new AbortController().signal })).rejects.toThrow(
      'The RPC endpoint is on chain 31337, not chain 1',
    )
  })

  it('sends a legacy-priced transaction too', async () => {
    const client = createPublicClient({ transport: http(anvil.rpcUrl) })
    const gasPrice = await client.getGasPrice()
    const hash = await prepareSigning(
      'eth_sendTransaction',
      [{ to: address, value: '0x1', gasPrice: `0x${(gasPrice * 2n).toString(16)}` }],
      { ...context, rpcUrl: anvil.rpcUrl },
    ).run({ account, signal: new AbortController().signal })
    const receipt = await client.waitForTransactionReceipt({ hash: hash as `0x${string}` })
    expect(receipt.status).toBe('success')
    expect(receipt.type).toBe('legacy')
  })
})

it('anything else is not implemented', () => {
  expect(() => prepareSigning('wallet_sendCalls', [], context)).toThrow(
    'not implemented: wallet_sendCalls',
  )
})
