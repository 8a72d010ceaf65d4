// Test support only: nothing in the library imports this module.
import { findFreePort, ONRAMP_TREASURY_KEY, startDevnet } from '@latchkey/devnet'
import { SANDBOX_HOSTED_PROVIDER } from '@latchkey/server'
import { startRealServer } from './realServer.ts'

/** The devnet's chain A and the real server running the onramp sandbox over it, also as a
 * configured provider's hosted page. */
export async function startOnrampStack() {
  const devnet = await startDevnet({ chains: [{ chainId: 31337, port: await findFreePort() }] })
  const rpcUrl = devnet.chains[0]?.rpcUrl ?? ''
  const server = await startRealServer({
    chains: [{ chainId: 31337, rpcUrl }],
    mode: 'development',
    onrampTreasuryKey: ONRAMP_TREASURY_KEY,
    onrampProviders: [SANDBOX_HOSTED_PROVIDER],
  }).catch(async (error: unknown) => {
    await devnet.stop()
    throw error
  })
  return {
    rpcUrl,
    serverUrl: server.url,
    async stop() {
      await server.close()
      await devnet.stop()
    },
  }
}
