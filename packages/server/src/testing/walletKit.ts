// A mobile wallet for the cluster test: Reown's WalletKit (code we did not write) on a relay URL,
// approving a session on one chain and answering personal_sign with a real signature.
import { randomUUID } from 'node:crypto'
import { WalletKit } from '@reown/walletkit'
import { Core } from '@walletconnect/core'
import { buildApprovedNamespaces } from '@walletconnect/utils'
import type { Hex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'

const CHAIN = 'eip155:31337'

export async function startWalletKit(options: { relayUrl: string; projectId: string }) {
  // WalletConnect's own switch for test runs: Verify then skips Reown's cloud
  // (verify.walletconnect.org), which this offline machine cannot reach; each request would
  // otherwise wait up to Verify's 5 s timeout before the wallet hears of it.
  process.env.IS_VITEST = 'true'
  const account = privateKeyToAccount(generatePrivateKey())
  const core = new Core({
    projectId: options.projectId,
    relayUrl: options.relayUrl,
    customStoragePrefix: `cluster-wallet-${randomUUID()}`,
    // In memory: in Node the default is a walletconnect.db folder in the working directory.
    storageOptions: { database: ':memory:' },
  })
  const kit = await WalletKit.init({
    core,
    metadata: {
      name: 'Cluster Wallet',
      description: 'WalletKit',
      url: 'http://wallet.test',
      icons: [],
    },
  })
  // sign-client hands a wallet its requests one a second (requestQueueDelay: a person approves
  // each); this wallet is a program answering 1,000 of them.
  const engine = (
    kit.engine as unknown as { signClient: { engine: { requestQueueDelay: number } } }
  ).signClient.engine
  engine.requestQueueDelay = 0
  kit.on('session_proposal', async ({ id, params }) => {
    const namespaces = buildApprovedNamespaces({
      proposal: params,
      supportedNamespaces: {
        eip155: {
          chains: [CHAIN],
          methods: ['personal_sign'],
          events: [],
          accounts: [`${CHAIN}:${account.address}`],
        },
      },
    })
    await kit.approveSession({ id, namespaces })
  })
  kit.on('session_request', async ({ id, topic, params }) => {
    const [message] = params.request.params as [Hex]
    const result = await account.signMessage({ message: { raw: message } })
    await kit.respondSessionRequest({ topic, response: { id, jsonrpc: '2.0', result } })
  })
  return {
    chain: CHAIN,
    address: account.address,
    pair: (uri: string) => kit.pair({ uri }),
    async stop() {
      await kit.core.relayer.transportClose().catch(() => undefined)
      kit.core.heartbeat.stop()
    },
  }
}
