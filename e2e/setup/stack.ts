import { fileURLToPath } from 'node:url'
import { findFreePort, startDevnet } from '@latchkey/devnet'
import { build, preview } from 'vite'

const demoRoot = fileURLToPath(new URL('../../apps/demo', import.meta.url))

export interface TestStack {
  demoUrl: string
  rpcA: string
  rpcB: string
  stop(): Promise<void>
}

/** Devnet on free ports, the demo built against it and served by `vite preview`. */
export async function startTestStack(outDir: string): Promise<TestStack> {
  const [portA, portB, demoPort] = await Promise.all([
    findFreePort(),
    findFreePort(),
    findFreePort(),
  ])
  const devnet = await startDevnet({
    chains: [
      { chainId: 31337, port: portA },
      { chainId: 31338, port: portB },
    ],
  })
  try {
    const [chainA, chainB] = devnet.chains
    if (!chainA || !chainB) throw new Error('devnet did not start two chains')
    process.env.VITE_RPC_A = chainA.rpcUrl
    process.env.VITE_RPC_B = chainB.rpcUrl
    await build({ root: demoRoot, logLevel: 'warn', build: { outDir, emptyOutDir: true } })
    const server = await preview({
      root: demoRoot,
      logLevel: 'warn',
      build: { outDir },
      preview: { port: demoPort, strictPort: true, host: '127.0.0.1' },
    })
    return {
      demoUrl: `http://127.0.0.1:${demoPort}/`,
      rpcA: chainA.rpcUrl,
      rpcB: chainB.rpcUrl,
      async stop() {
        await server.close()
        await devnet.stop()
      },
    }
  } catch (error) {
    await devnet.stop()
    throw error
  }
}
