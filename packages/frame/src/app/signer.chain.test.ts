// eth_sendTransaction signs for the chain on the card: a node that names another chain after
// run() checked it (here in the transaction it fills in) cannot move the signature there. Anvil
// behind a loopback proxy that answers eth_chainId truthfully once, then names chain 1.
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { type AnvilInstance, findFreePort, startAnvil } from '@latchkey/devnet'
import { createPublicClient, http } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { prepareSigning } from './signer.ts'

const account = privateKeyToAccount(generatePrivateKey())
let anvil: AnvilInstance
let proxy: ReturnType<typeof createServer>
let proxyUrl: string
const asked: string[] = []

beforeAll(async () => {
  anvil = await startAnvil({ port: await findFreePort(), chainId: 31337 })
  await createPublicClient({ transport: http(anvil.rpcUrl) }).request({
    method: 'anvil_setBalance' as never,
    params: [account.address, '0xde0b6b3a7640000'] as never,
  })
  proxy = createServer((request, response) => {
    let raw = ''
    request.on('data', (chunk) => {
      raw += chunk
    })
    request.on('end', async () => {
      const call = JSON.parse(raw) as { id: number; method: string }
      asked.push(call.method)
      const answer = (await (
        await fetch(anvil.rpcUrl, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: raw,
        })
      ).json()) as { result?: unknown }
      // After the first eth_chainId, every answer names chain 1.
      if (call.method === 'eth_chainId' && asked.indexOf('eth_chainId') < asked.length - 1) {
        answer.result = '0x1'
      }
      const filled = answer.result as { tx?: { chainId?: string } } | undefined
      if (call.method === 'eth_fillTransaction' && filled?.tx) filled.tx.chainId = '0x1'
      response.writeHead(200, { 'Content-Type': 'application/json' })
      response.end(JSON.stringify(answer))
    })
  })
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve))
  proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}/`
})
afterAll(async () => {
  await new Promise((resolve) => proxy?.close(resolve))
  await anvil?.stop()
})

it('a node that names another chain after the check: nothing is signed for that chain or sent', async () => {
  const run = prepareSigning('eth_sendTransaction', [{ to: account.address, value: '0x1' }], {
    address: account.address,
    chainId: 31337,
    rpcUrl: proxyUrl,
  }).run({ account, signal: new AbortController().signal })
  await expect(run).rejects.toThrow(/chain/i)
  expect(asked).toContain('eth_fillTransaction')
  expect(asked).not.toContain('eth_sendRawTransaction')
  const nonce = await createPublicClient({ transport: http(anvil.rpcUrl) }).getTransactionCount({
    address: account.address,
  })
  expect(nonce).toBe(0)
})
