import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
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
  // Folders of this run's own: two runs at once in one checkout would otherwise serve each
  // other's builds (built against the other run's server, which refuses this run's demo origin).
  const demoDir = mkdtempSync(join(tmpdir(), 'latchkey-e2e-demo-'))
  const frameDir = mkdtempSync(join(tmpdir(), 'latchkey-e2e-frame-'))
  const stack = await startTestStack(demoDir, frameDir)
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
  return async () => {
    await stack.stop()
    for (const dir of [demoDir, frameDir]) rmSync(dir, { recursive: true, force: true })
  }
}
