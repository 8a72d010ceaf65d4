// EIP-5792 as a plain EOA wallet answers it (the e2e WalletConnect wallet's `sendCalls` option):
// no atomic batches, so each call is its own transaction, sent in turn; the batch is confirmed
// when every one is mined. Test code: the wallet side of a pass-through we want to see work.
import { randomBytes } from 'node:crypto'
import {
  createPublicClient,
  createWalletClient,
  type Hex,
  http,
  type PrivateKeyAccount,
} from 'viem'

interface SendCallsParams {
  chainId: Hex
  atomicRequired?: boolean
  calls: { to: Hex; value?: Hex; data?: Hex }[]
}

export function createWalletCalls(
  account: PrivateKeyAccount,
  rpcUrlOf: (chainId: number) => string,
) {
  const batches = new Map<string, { chainId: number; hashes: Hex[] }>()

  return {
    methods: ['wallet_sendCalls', 'wallet_getCallsStatus', 'wallet_getCapabilities'],

    capabilities(chainIds: number[]) {
      return Object.fromEntries(
        chainIds.map((id) => [`0x${id.toString(16)}`, { atomic: { status: 'unsupported' } }]),
      )
    },

    async send([request]: [SendCallsParams]) {
      if (request.atomicRequired) {
        throw Object.assign(new Error('Atomicity not supported'), { code: 5760 })
      }
      const chainId = Number(request.chainId)
      const transport = http(rpcUrlOf(chainId))
      const wallet = createWalletClient({ account, transport })
      const client = createPublicClient({ transport })
      const hashes: Hex[] = []
      for (const call of request.calls) {
        const hash = await wallet.sendTransaction({
          chain: null,
          to: call.to,
          value: call.value ? BigInt(call.value) : undefined,
          data: call.data,
        })
        await client.waitForTransactionReceipt({ hash, pollingInterval: 50 })
        hashes.push(hash)
      }
      const id = `0x${randomBytes(32).toString('hex')}`
      batches.set(id, { chainId, hashes })
      return { id }
    },

    async status([id]: [string]) {
      const batch = batches.get(id)
      if (!batch) throw Object.assign(new Error('Unknown bundle id'), { code: 5730 })
      const client = createPublicClient({ transport: http(rpcUrlOf(batch.chainId)) })
      const receipts = await Promise.all(
        batch.hashes.map((hash) => client.getTransactionReceipt({ hash })),
      )
      return {
        version: '2.0.0',
        id,
        chainId: `0x${batch.chainId.toString(16)}`,
        atomic: false,
        status: receipts.every((r) => r.status === 'success') ? 200 : 600,
        receipts: receipts.map((r) => ({
          logs: r.logs.map(({ address, data, topics }) => ({ address, data, topics })),
          status: r.status === 'success' ? '0x1' : '0x0',
          blockHash: r.blockHash,
          blockNumber: `0x${r.blockNumber.toString(16)}`,
          gasUsed: `0x${r.gasUsed.toString(16)}`,
          transactionHash: r.transactionHash,
        })),
      }
    },
  }
}
