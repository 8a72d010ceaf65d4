// Loaded only when the visitor starts an email login or a stored email session is restored: the
// frame's client, its protocol schemas and the EIP-1193 provider stay out of the first load.
import { createFrameClient, type FrameClient, type FrameTrouble } from '@latchkey/frame/host'
import type { CaipNetwork } from '../networks.ts'
import {
  createEmbeddedProvider,
  createFrameRpc,
  type EmbeddedEip1193Provider,
  type FrameRpc,
} from './embeddedProvider.ts'

export interface EmbeddedSession {
  client: FrameClient
  provider: EmbeddedEip1193Provider
  /** The frame's RPC, shared by the EVM provider and the Solana wallet (embeddedSolana.ts) */
  rpc: FrameRpc
}

export interface EmbeddedSessionOptions {
  frameUrl: string
  projectId: string
  sdkVersion: string
  network: CaipNetwork
  networks: readonly CaipNetwork[]
  debug?: boolean
  log(message: string, detail?: unknown): void
  /** An unsafe request waits for the visitor inside the frame: show it, then hide it. */
  onApproval(state: 'start' | 'end'): void
  /** §6 The embedded wallet refused a method: the visitor is told */
  onRefused(method: string): void
  /** §8 A request timed out (APKT004) or the frame refuses this page's origin (APKT005) */
  onTrouble(trouble: FrameTrouble): void
  /** The page's origin is not the project's: the frame will not load here */
  originRefused?: Promise<boolean>
}

export function createEmbeddedSession(options: EmbeddedSessionOptions): EmbeddedSession {
  const client = createFrameClient({
    frameUrl: options.frameUrl,
    projectId: options.projectId,
    chainId: options.network.id,
    rpcUrl: options.network.rpcUrls.default.http[0],
    version: options.sdkVersion,
    enableLogger: options.debug,
    log: options.log,
    onTrouble: options.onTrouble,
    ...(options.originRefused && { originRefused: options.originRefused }),
  })
  const hooks = { onApproval: options.onApproval, onRefused: options.onRefused }
  const rpc = createFrameRpc(client, hooks)
  const provider = createEmbeddedProvider(client, options.networks, hooks, rpc)
  return { client, provider, rpc }
}
