// Loaded only when the visitor starts an email login or a stored email session is restored: the
// frame's client, its protocol schemas and the EIP-1193 provider stay out of the first load.
import { createFrameClient, type FrameClient } from '@latchkey/frame/host'
import { createEmbeddedProvider, type EmbeddedEip1193Provider } from './embeddedProvider'
import type { CaipNetwork } from './networks'

export interface EmbeddedSession {
  client: FrameClient
  provider: EmbeddedEip1193Provider
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
  })
  const provider = createEmbeddedProvider(client, options.networks, {
    onApproval: options.onApproval,
  })
  return { client, provider }
}
