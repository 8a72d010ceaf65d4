// The embedded wallet's smart accounts (README "Smart accounts"): which chains offer them (the
// services' bundler gateway lists them), the owner key's SimpleAccount on a chain, user
// operations through the gateway, and the status of a batch. viem's account-abstraction module
// and the SimpleAccount load on first use: the frame's first load does not carry them.
import type { LocalAccount } from 'viem'
import { FrameError } from '../../frameError.ts'
import { HTTP_TIMEOUT_MS } from '../config.ts'
import { type ServicesDeps, servicesRequest, servicesUrl } from '../servicesRequest.ts'
import type { KeyValueStore } from '../storage.ts'
import { createCallsRecords } from './callsRecords.ts'
import { CALLS_STATUS, UNKNOWN_BUNDLE } from './constants.ts'
import type { BatchCall } from './sendCalls.ts'
import type { SimpleSmartAccount } from './simpleAccount.ts'
import type { UserOperationTerms } from './userOperation.ts'

export interface SmartAccountsDeps extends ServicesDeps {
  store: KeyValueStore
  now: () => number
}

export interface CallsStatus {
  version: '2.0.0'
  id: string
  chainId: `0x${string}`
  status: number
  atomic: true
  receipts?: {
    logs: { address: string; data: string; topics: string[] }[]
    status: string
    blockHash: string
    blockNumber: string
    gasUsed: string
    transactionHash: string
  }[]
}

interface RawUserOperationReceipt {
  success: boolean
  receipt: {
    logs: { address: string; data: string; topics: string[] }[]
    status: string
    blockHash: string
    blockNumber: string
    gasUsed: string
    transactionHash: string
  }
}

export function createSmartAccounts(deps: SmartAccountsDeps) {
  const records = createCallsRecords(deps.store, deps.now)
  const accounts = new Map<string, Promise<SimpleSmartAccount>>()
  let networks: Promise<number[]> | undefined

  const chainQuery = (chainId: number) => ({ chainId: `eip155:${chainId}` })

  async function fetchNetworks(): Promise<number[]> {
    const answer = await servicesRequest(deps, '/v1/bundler')
    if (!answer.ok) throw new FrameError(`HTTP status code: ${answer.status}`)
    const { chains } = answer.body
    if (!Array.isArray(chains)) throw new FrameError('Invalid bundler gateway response')
    return chains.flatMap((caip2) => {
      const match = typeof caip2 === 'string' ? /^eip155:([0-9]{1,15})$/.exec(caip2) : null
      return match ? [Number(match[1])] : []
    })
  }

  async function bundlerRpc(chainId: number, method: string, params: unknown[]) {
    const answer = await servicesRequest(deps, '/v1/bundler', {
      query: chainQuery(chainId),
      body: { jsonrpc: '2.0', id: 1, method, params },
    })
    const { error } = answer.body as { error?: { message?: string } }
    if (error || !('result' in answer.body)) {
      throw new FrameError(error?.message ?? `HTTP status code: ${answer.status}`)
    }
    return answer.body.result
  }

  /** The owner's SimpleAccount on a chain, read through the chain's RPC URL */
  function account(owner: LocalAccount, chainId: number, rpcUrl: string) {
    const key = `${owner.address}:${chainId}:${rpcUrl}`
    let made = accounts.get(key)
    if (!made) {
      made = import('./simpleAccount.ts').then((m) =>
        m.simpleAccountOn(owner, chainId, rpcUrl, HTTP_TIMEOUT_MS),
      )
      made.catch(() => accounts.delete(key))
      accounts.set(key, made)
    }
    return made
  }

  return {
    /** The chains whose bundler the services know; asked once per frame document */
    enabledNetworks(): Promise<number[]> {
      networks ??= fetchNetworks().catch((error: unknown) => {
        networks = undefined
        throw error
      })
      return networks
    },

    async address(owner: LocalAccount, chainId: number, rpcUrl: string) {
      const smart = await account(owner, chainId, rpcUrl)
      return { address: await smart.getAddress(), isDeployed: await smart.isDeployed() }
    },

    /**
     * One user operation with every call (atomic); answers its hash, the batch's id. `terms`: an
     * app's own nonce and gas limits (eth_sendUserOperation); viem fills in the rest.
     */
    async sendCalls(
      owner: LocalAccount,
      chainId: number,
      rpcUrl: string,
      calls: BatchCall[],
      terms: UserOperationTerms = {},
    ) {
      const [smart, { bundlerFor }] = await Promise.all([
        account(owner, chainId, rpcUrl),
        import('./simpleAccount.ts'),
      ])
      const bundler = bundlerFor(
        smart,
        servicesUrl(deps, '/v1/bundler', chainQuery(chainId)),
        HTTP_TIMEOUT_MS,
      )
      const hash = await bundler.sendUserOperation({ account: smart, calls, ...terms })
      records.add(hash, chainId)
      return hash
    },

    /** The transaction hash the user operation landed in, waiting for it (eth_sendTransaction) */
    async transactionOf(hash: string, chainId: number, signal: AbortSignal): Promise<string> {
      for (;;) {
        const receipt = (await bundlerRpc(chainId, 'eth_getUserOperationReceipt', [
          hash,
        ])) as RawUserOperationReceipt | null
        if (receipt) return receipt.receipt.transactionHash
        if (signal.aborted) throw new FrameError('Request was aborted')
        await new Promise((resolve) => setTimeout(resolve, 250))
      }
    },

    /** §6 user-operation reads (receipts, estimates, entry points): the chain's bundler answers */
    bundlerRead: bundlerRpc,

    /** EIP-5792 wallet_getCallsStatus for a batch this frame sent (records kept 86,400 s) */
    async callsStatus(id: string): Promise<CallsStatus> {
      const chainId = records.chainOf(id)
      if (chainId === undefined) throw new FrameError(UNKNOWN_BUNDLE.message, UNKNOWN_BUNDLE.code)
      const receipt = (await bundlerRpc(chainId, 'eth_getUserOperationReceipt', [
        id,
      ])) as RawUserOperationReceipt | null
      const base = {
        version: '2.0.0',
        id,
        chainId: `0x${chainId.toString(16)}`,
        atomic: true,
      } as const
      if (!receipt) return { ...base, status: CALLS_STATUS.pending }
      const { logs, blockHash, blockNumber, gasUsed, transactionHash } = receipt.receipt
      // The bundle's transaction succeeds even when the batch in it reverted: the batch's outcome.
      const status = receipt.success ? '0x1' : '0x0'
      return {
        ...base,
        status: receipt.success ? CALLS_STATUS.confirmed : CALLS_STATUS.reverted,
        receipts: [
          {
            logs: logs.map(({ address, data, topics }) => ({ address, data, topics })),
            status,
            blockHash,
            blockNumber,
            gasUsed,
            transactionHash,
          },
        ],
      }
    },
  }
}

export type SmartAccounts = ReturnType<typeof createSmartAccounts>
