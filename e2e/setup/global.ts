import { fileURLToPath } from 'node:url'
import type { TestProject } from 'vitest/node'
import { startTestStack } from './stack'

declare module 'vitest' {
  export interface ProvidedContext {
    demoUrl: string
    apiUrl: string
    relayUrl: string
    rpcA: string
    rpcB: string
    /** The Solana devnet's JSON-RPC URL */
    solanaRpc: string
    /** solana:<reference> of the Solana devnet */
    solanaCaipNetworkId: string
    /** The embedded wallet's frame site */
    frameUrl: string
    /** The Farcaster auth relay stand-in (its key is the devnet's LOCAL_FARCASTER_RELAY_KEY) */
    farcasterRelayUrl: string
    /** The Bitcoin regtest chain's Esplora API */
    bitcoinEsploraUrl: string
  }
}

export default async function setup(project: TestProject) {
  const stack = await startTestStack(
    fileURLToPath(new URL('../.demo-dist', import.meta.url)),
    fileURLToPath(new URL('../.frame-dist', import.meta.url)),
  )
  project.provide('demoUrl', stack.demoUrl)
  project.provide('apiUrl', stack.apiUrl)
  project.provide('relayUrl', stack.relayUrl)
  project.provide('rpcA', stack.rpcA)
  project.provide('rpcB', stack.rpcB)
  project.provide('solanaRpc', stack.solanaRpc)
  project.provide('solanaCaipNetworkId', stack.solanaCaipNetworkId)
  project.provide('frameUrl', stack.frameUrl)
  project.provide('farcasterRelayUrl', stack.farcasterRelayUrl)
  project.provide('bitcoinEsploraUrl', stack.bitcoinEsploraUrl)
  return () => stack.stop()
}
