// Smart accounts on the local stack: a user operation from the frame's SimpleAccount through
// the local bundler (Alto) on anvil, submit (eth_sendUserOperation answered) → receipt (the
// bundler's eth_getUserOperationReceipt has it), for a first operation that deploys the account
// and for plain ones after it, one and two calls each.
import { performance } from 'node:perf_hooks'
import { findFreePort, startBundler, startDevnet } from '@latchkey/devnet'
import { percentile } from '@latchkey/server/bench'
import { createPublicClient, createTestClient, http, parseEther } from 'viem'
import { createBundlerClient } from 'viem/account-abstraction'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { foundry } from 'viem/chains'
import { toSimpleAccount } from '../packages/frame/src/app/smartAccount/simpleAccount.ts'
import { markdownTable } from './table'

export interface SmartAccountBench {
  runs: number
  rows: { operation: string; submitMs: number[]; receiptMs: number[] }[]
}

export async function runSmartAccountBench(runs = 20): Promise<SmartAccountBench> {
  const devnet = await startDevnet({ chains: [{ chainId: 31337, port: await findFreePort() }] })
  const [chain] = devnet.chains
  if (!chain) throw new Error('no chain')
  const bundler = await startBundler({
    chainId: 31337,
    rpcUrl: chain.rpcUrl,
    port: await findFreePort(),
  })
  try {
    const client = createPublicClient({
      chain: foundry,
      transport: http(chain.rpcUrl),
      pollingInterval: 20,
    })
    const bundlerClient = createBundlerClient({
      client,
      transport: http(bundler.url),
      pollingInterval: 20,
    })
    const anvil = createTestClient({ chain: foundry, transport: http(chain.rpcUrl), mode: 'anvil' })
    const receiver = privateKeyToAccount(generatePrivateKey()).address
    const rows: SmartAccountBench['rows'] = [
      { operation: 'first (deploys the account), 1 call', submitMs: [], receiptMs: [] },
      { operation: 'deployed, 1 call', submitMs: [], receiptMs: [] },
      { operation: 'deployed, 2 calls (atomic batch)', submitMs: [], receiptMs: [] },
    ]
    for (let run = 0; run < runs; run++) {
      const account = await toSimpleAccount({
        client,
        owner: privateKeyToAccount(generatePrivateKey()),
      })
      await anvil.setBalance({ address: await account.getAddress(), value: parseEther('1') })
      for (const [index, row] of rows.entries()) {
        const calls = Array.from({ length: index === 2 ? 2 : 1 }, () => ({
          to: receiver,
          value: 1n,
        }))
        const start = performance.now()
        const hash = await bundlerClient.sendUserOperation({ account, calls })
        const submitted = performance.now()
        const receipt = await bundlerClient.waitForUserOperationReceipt({ hash })
        const done = performance.now()
        if (!receipt.success) throw new Error(`user operation ${hash} failed`)
        row.submitMs.push(submitted - start)
        row.receiptMs.push(done - submitted)
      }
    }
    return { runs, rows }
  } finally {
    await bundler.stop()
    await devnet.stop()
  }
}

export function smartAccountTable(result: SmartAccountBench): string {
  return markdownTable(
    ['user operation', 'submit p50 ms', 'p95 ms', 'submit → receipt p50 ms', 'p95 ms'],
    result.rows.map((row) => {
      const [submit, receipt] = [row.submitMs, row.receiptMs].map((ms) =>
        [...ms].sort((a, b) => a - b),
      )
      return [
        row.operation,
        percentile(submit ?? [], 50).toFixed(0),
        percentile(submit ?? [], 95).toFixed(0),
        percentile(receipt ?? [], 50).toFixed(0),
        percentile(receipt ?? [], 95).toFixed(0),
      ]
    }),
  )
}

export function smartAccountNotes(result: SmartAccountBench): string {
  return `Smart accounts: ${result.runs} new SimpleAccounts (EntryPoint v0.7) on one anvil chain, each sending three user operations in turn through Alto on loopback with viem's bundler client. Submit = prepare (nonce, fees, gas estimation through the bundler), sign and eth_sendUserOperation answered; → receipt = until eth_getUserOperationReceipt has it (polled every 20 ms; the bundler bundles within 10–50 ms and anvil mines at once).`
}
