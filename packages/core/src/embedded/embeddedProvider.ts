// EIP-1193 over the embedded wallet's frame (spec §7 "Embedded wallet", §6): what wagmi (or an
// app) talks to once the visitor has signed in with email or a social account. Loaded lazily
// with the frame client; nothing here is in the modal's first load.

import { DEFAULT_REQUEST_TIMEOUT_MS, type FrameClient } from '@latchkey/frame/host'
import { type AppRequest, classifyRpcMethod, REQUEST_ABORTED } from '@latchkey/frame/protocol'
import type { ModalEip1193Provider } from '../connection/adapter.ts'
import {
  chainIdParam,
  createEmitter,
  ProviderRpcError,
  toHexChainId as toHex,
} from '../connection/eip1193.ts'
import { ErrorText, isUserRejectedError } from '../errors.ts'
import type { CaipNetwork } from '../networks.ts'
import { checkedCallsStatus, knownCapabilities } from './callsAnswers.ts'
import { embeddedWalletNetworks } from './embeddedNetworks.ts'

/** The part of the frame's user (§3) the provider needs; EmbeddedUserInfo fits. */
export interface EmbeddedAccount {
  address: string
  chainId: string | number
  /** The smart account: its address may differ per network (the EOA where none is offered) */
  preferredAccountType?: 'eoa' | 'smartAccount'
}

export interface EmbeddedProviderHooks {
  /**
   * An unsafe request (§6) waits for the visitor's approval inside the frame: 'start' before the
   * first is sent, 'end' once the last has settled (however it settled).
   */
  onApproval(state: 'start' | 'end'): void
  /** §6 A method the embedded wallet does not allow was asked for (here or by the frame). */
  onRefused?(method: string): void
}

export interface EmbeddedEip1193Provider extends ModalEip1193Provider {
  /** After login or a restored session (the connection controller calls it); undefined: signed out */
  setUser(user: EmbeddedAccount | undefined): void
  /**
   * The visitor left the approval: APP_RPC_ABORT, and pending requests reject (code 4001) with
   * `reason` ('Modal closed' when the modal was closed), by default 'Request was aborted'.
   */
  abort(reason?: string): Promise<void>
}

/** EIP-1193 error codes used here */
const Code = {
  userRejected: 4001,
  unauthorized: 4100,
  unsupportedMethod: 4200,
  disconnected: 4900,
  unrecognizedChain: 4902,
  invalidParams: -32602,
  internal: -32603,
} as const

/** An eip155 chain id from a number, '10', '0xa' or 'eip155:10'; undefined for anything else. */
export function evmChainId(value: string | number | undefined): number | undefined {
  let id: number
  if (typeof value === 'number') id = value
  else if (typeof value === 'string') {
    const text = value.startsWith('eip155:') ? value.slice('eip155:'.length) : value
    if (/^0x[0-9a-f]+$/i.test(text)) id = Number.parseInt(text, 16)
    else if (/^[0-9]+$/.test(text)) id = Number(text)
    else return undefined
  } else return undefined
  return Number.isSafeInteger(id) && id > 0 ? id : undefined
}

/** A frame error as EIP-1193: its code kept (4001 stays a rejection), an abort is a rejection. */
function toProviderError(error: unknown): unknown {
  if (!(error instanceof Error) || error instanceof ProviderRpcError) return error
  const code = (error as { code?: unknown }).code
  if (typeof code === 'number') return new ProviderRpcError(code, error.message)
  const rejected = error.message === REQUEST_ABORTED || isUserRejectedError(error)
  return new ProviderRpcError(rejected ? Code.userRejected : Code.internal, error.message)
}

/** The network's first http(s) RPC URL; the frame protocol accepts nothing else. */
export function httpRpcUrl(network: CaipNetwork | undefined): string | undefined {
  return network?.rpcUrls.default.http.find((url) => /^https?:\/\//.test(url))
}

/** APP_RPC_REQUEST's payload: the method, its params, and the chain it is for. */
export type FrameRpcPayload = AppRequest<'APP_RPC_REQUEST'>

/**
 * APP_RPC_REQUEST through the frame, for every namespace of one session (the EVM provider and
 * the Solana wallet share it): an unsafe request (§6) waits for the visitor's approval, with
 * `onApproval('start')` before the first and `'end'` after the last, whichever namespace asked.
 */
export interface FrameRpc {
  /** Resolves with the request's result; rejects with an EIP-1193 error (4001: rejected). */
  send(payload: FrameRpcPayload): Promise<unknown>
  /** Stops waiting for the requests in flight: the unsafe ones only, or every one. */
  abortInFlight(onlyUnsafe: boolean, reason?: string): void
}

export function createFrameRpc(client: FrameClient, hooks: EmbeddedProviderHooks): FrameRpc {
  /** Requests sent and not settled, each marked unsafe (waiting for the visitor) or not. */
  const inFlight = new Map<AbortController, boolean>()
  let approvals = 0

  function approval(state: 'start' | 'end') {
    approvals += state === 'start' ? 1 : -1
    if ((state === 'start' && approvals === 1) || (state === 'end' && approvals === 0)) {
      hooks.onApproval(state)
    }
  }

  return {
    async send(payload) {
      const kind = classifyRpcMethod(payload.method)
      if (kind === 'forbidden') {
        hooks.onRefused?.(payload.method)
        throw new ProviderRpcError(Code.unsupportedMethod, ErrorText.rpcNotAllowed)
      }
      const controller = new AbortController()
      const unsafe = kind === 'unsafe'
      inFlight.set(controller, unsafe)
      if (unsafe) approval('start')
      try {
        // An unsafe request waits for the visitor as long as it takes; a read does not.
        const reply = await client.request('APP_RPC_REQUEST', payload, {
          signal: controller.signal,
          timeoutMs: unsafe ? undefined : DEFAULT_REQUEST_TIMEOUT_MS,
        })
        return reply.result
      } catch (error) {
        const { reason } = controller.signal
        if (typeof reason === 'string') throw new ProviderRpcError(Code.userRejected, reason)
        if ((error as Error)?.message === ErrorText.rpcNotAllowed) hooks.onRefused?.(payload.method)
        throw toProviderError(error)
      } finally {
        inFlight.delete(controller)
        if (unsafe) approval('end')
      }
    },
    abortInFlight(onlyUnsafe, reason) {
      for (const [controller, unsafe] of [...inFlight]) {
        if (unsafe || !onlyUnsafe) controller.abort(reason)
      }
    },
  }
}

/**
 * `channel`: the session's frame RPC when another namespace shares it (embeddedWallet.ts), so
 * approvals and aborts span both; by default the provider's own.
 */
export function createEmbeddedProvider(
  client: FrameClient,
  networks: readonly CaipNetwork[],
  hooks: EmbeddedProviderHooks,
  channel: FrameRpc = createFrameRpc(client, hooks),
): EmbeddedEip1193Provider {
  const { emit, on, removeListener } = createEmitter()
  // §9 Only the embedded wallet's chains: switching to another answers 4902 (unknown chain).
  const evmNetworks = embeddedWalletNetworks(networks).filter((n) => n.chainNamespace === 'eip155')
  let user: { address: string; smart: boolean } | undefined
  let chainId = evmChainId(evmNetworks[0]?.id)

  const networkOf = (id: number) => evmNetworks.find((n) => evmChainId(n.id) === id)
  const rpcUrlOf = (id: number) => httpRpcUrl(networkOf(id))

  function currentChain(): number {
    if (chainId === undefined) throw new ProviderRpcError(Code.disconnected, 'Disconnected')
    return chainId
  }

  function setChain(next: number) {
    if (next === chainId) return
    chainId = next
    emit('chainChanged', toHex(next))
  }

  function requireUser() {
    if (!user) throw new ProviderRpcError(Code.unauthorized, ErrorText.notConnectedToEmailOrSocial)
    return user
  }

  async function switchTo(target: number) {
    if (!networkOf(target)) {
      throw new ProviderRpcError(Code.unrecognizedChain, `Unrecognized chain ID ${toHex(target)}`)
    }
    if (target === chainId) return null
    const reply = await client
      .request('APP_SWITCH_NETWORK', { chainId: target, rpcUrl: rpcUrlOf(target) })
      .catch((error: unknown) => Promise.reject(toProviderError(error)))
    setChain(evmChainId(reply.chainId) ?? target)
    if (user?.smart) await followAccountInUse()
    return null
  }

  /** The frame answers the smart account where the network offers one, else the EOA. */
  async function followAccountInUse() {
    const inUse = await client.request('APP_GET_USER', {}).catch(() => undefined)
    if (!inUse || !user || inUse.address.toLowerCase() === user.address.toLowerCase()) return
    user = { ...user, address: inUse.address }
    emit('accountsChanged', [inUse.address])
  }

  function rpc(method: string, params: unknown) {
    const id = currentChain()
    return channel.send({
      method,
      ...(params === undefined ? {} : { params }),
      chainId: id,
      chainNamespace: 'eip155',
      rpcUrl: rpcUrlOf(id),
    })
  }

  function setUser(next: EmbeddedAccount | undefined) {
    const previous = user
    user = next
      ? { address: next.address, smart: next.preferredAccountType === 'smartAccount' }
      : undefined
    if (!next) {
      if (!previous) return
      channel.abortInFlight(false)
      emit('accountsChanged', [])
      emit('disconnect', new ProviderRpcError(Code.disconnected, 'Disconnected'))
      return
    }
    const nextChain = evmChainId(next.chainId)
    if (!previous) {
      if (nextChain !== undefined) chainId = nextChain
      if (chainId !== undefined) emit('connect', { chainId: toHex(chainId) })
    } else if (nextChain !== undefined) setChain(nextChain)
    if (previous?.address.toLowerCase() !== next.address.toLowerCase()) {
      emit('accountsChanged', [next.address])
    }
  }

  return {
    get connected() {
      return user !== undefined
    },
    async request({ method, params }) {
      switch (method) {
        case 'eth_accounts':
          return user ? [user.address] : []
        case 'eth_requestAccounts':
          return [requireUser().address]
        case 'eth_chainId':
          return toHex(currentChain())
        case 'net_version':
          return String(currentChain())
      }
      requireUser()
      switch (method) {
        case 'wallet_switchEthereumChain':
        case 'wallet_addEthereumChain': {
          const target = chainIdParam(params)
          if (target === undefined)
            throw new ProviderRpcError(Code.invalidParams, 'Invalid chainId')
          return switchTo(target)
        }
      }
      const result = await rpc(method, params)
      if (method === 'wallet_getCapabilities') return knownCapabilities(result)
      if (method !== 'wallet_getCallsStatus') return result
      const status = checkedCallsStatus(result)
      if (!status) throw new ProviderRpcError(Code.internal, 'Invalid calls status from the wallet')
      return status
    },
    on,
    removeListener,
    setUser,
    async abort(reason) {
      const sent = client.request('APP_RPC_ABORT', {})
      channel.abortInFlight(true, reason)
      await sent
    },
    async disconnect() {
      // §9 Sign-out waits at most 3 s; the client resolves after that whatever the frame did.
      await client.request('APP_SIGN_OUT', {}).catch(() => undefined)
      setUser(undefined)
    },
  }
}
