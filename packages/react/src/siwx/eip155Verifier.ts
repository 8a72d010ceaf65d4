import type { CaipNetworkId, SIWXSession } from '@latchkey/core/internal'
import {
  type Address,
  createPublicClient,
  type Hex,
  http,
  isAddress,
  isHex,
  type PublicClient,
  verifyMessage,
} from 'viem'
import { getDefaultAppKit } from '../instance.ts'
import { SIWXVerifier } from './verifier.ts'

export interface EIP155VerifierOptions {
  /** RPC URL by EVM chain id, for contract accounts; default the app's network's first RPC */
  rpcUrls?: Record<number, string>
}

/**
 * AppKit's EIP155Verifier: an EIP-191 signature of the session's message by its account.
 * An EOA's signature is recovered here, without any request. Anything else (a contract
 * account: EIP-1271, or one not deployed yet: EIP-6492) is asked of the session's chain with
 * viem's public client, when an RPC is known for it: `rpcUrls`, else the network of that id in
 * createAppKit's `networks`. Without one, or when the node fails, the session is refused.
 */
export class EIP155Verifier extends SIWXVerifier {
  readonly chainNamespace = 'eip155'
  readonly #rpcUrls: Record<number, string>
  readonly #clients = new Map<string, PublicClient>()

  constructor(options: EIP155VerifierOptions = {}) {
    super()
    this.#rpcUrls = options.rpcUrls ?? {}
  }

  async verify(session: SIWXSession): Promise<boolean> {
    const { accountAddress, chainId } = session.data
    if (!isAddress(accountAddress, { strict: false }) || !isHex(session.signature)) return false
    const request = {
      address: accountAddress as Address,
      message: session.message,
      signature: session.signature as Hex,
    }
    if (await verifyMessage(request).catch(() => false)) return true
    const client = this.#client(chainId)
    return client ? client.verifyMessage(request).catch(() => false) : false
  }

  #client(chainId: CaipNetworkId): PublicClient | undefined {
    const url = this.#rpcUrls[Number(chainId.slice('eip155:'.length))] ?? appRpcUrl(chainId)
    if (!url) return undefined
    let client = this.#clients.get(url)
    if (!client) {
      client = createPublicClient({ transport: http(url) })
      this.#clients.set(url, client)
    }
    return client
  }
}

function appRpcUrl(chainId: CaipNetworkId): string | undefined {
  const networks = getDefaultAppKit()?.core.options.networks ?? []
  return networks.find((n) => n.caipNetworkId === chainId)?.rpcUrls.default.http[0]
}
