// The page's JSON-RPC requests: reads go to the chain's RPC URL, signing (EVM and Solana) waits
// for the visitor's Approve on the card; APP_RPC_ABORT ends every request still running.

import { FrameError } from '../../frameError.ts'
import type { AppRequest } from '../../protocol/appEvents.ts'
import { classifyRpcMethod, RPC_NOT_ALLOWED, USER_REJECTED } from '../../protocol/rpcRules.ts'
import { evmChainId, HTTP_TIMEOUT_MS } from '../config.ts'
import { abortable } from '../describeError.ts'
import { SMART_ACCOUNTS_UNAVAILABLE } from '../errors.ts'
import { INVALID_PARAMS, prepareSigning } from '../signer.ts'
import { SMART_ACCOUNT_METHODS, USER_OPERATION_READS } from '../smartAccount/constants.ts'
import { prepareSolanaSigning, SOLANA_METHODS } from '../solana.ts'
import type { CardText, Phrase } from '../texts.ts'
import { NotConnectedError } from '../wallet.ts'
import type { smartAccountRpc } from './smartAccountRpc.ts'
import type { FrameState } from './state.ts'
import type { Context, HandlerDeps, HandlerTable } from './types.ts'

type RpcPayload = AppRequest<'APP_RPC_REQUEST'>

export function rpcHandlers(deps: HandlerDeps, state: FrameState) {
  const { wallet, log, approval, fetch: doFetch } = deps
  // The smart account's part loads with its first request: an EOA's frame never fetches it.
  let smartPart: Promise<ReturnType<typeof smartAccountRpc>> | undefined
  const smartRpc = () =>
    (smartPart ??= import('./smartAccountRpc.ts').then((m) =>
      m.smartAccountRpc(state.accountTypes),
    ))

  async function jsonRpc(method: string, params: unknown, url: string, signal: AbortSignal) {
    if (params !== undefined && typeof params !== 'object') {
      throw new FrameError('Invalid params', INVALID_PARAMS)
    }
    let response: Response
    try {
      response = await doFetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: params ?? [] }),
        credentials: 'omit',
        signal: AbortSignal.any([signal, AbortSignal.timeout(HTTP_TIMEOUT_MS)]),
      })
    } catch {
      // An abort is answered as one by abortable(), whose rejection comes first.
      throw new FrameError('Could not reach the RPC endpoint')
    }
    let body: unknown
    try {
      body = await response.json()
    } catch {
      throw new FrameError(`HTTP status code: ${response.status}`)
    }
    if (typeof body !== 'object' || body === null) throw new FrameError('Invalid RPC response')
    const { error, result } = body as { error?: unknown; result?: unknown }
    if (error !== undefined && error !== null) {
      const { message, code } = error as { message?: unknown; code?: unknown }
      throw new FrameError(
        // describeError cuts the text to MAX_ERROR for the reply.
        typeof message === 'string' && message ? message : 'RPC error',
        typeof code === 'number' ? code : undefined,
      )
    }
    if (!('result' in body)) throw new FrameError(`HTTP status code: ${response.status}`)
    return result
  }

  /** EIP-7811: the data API's balances of the account in use (or its owner) */
  async function assets(params: unknown) {
    const [inUse, { parseAssetsRequest, walletAssets }] = await Promise.all([
      state.accountTypes.inUse(),
      import('../walletAssets.ts'),
    ])
    const request = parseAssetsRequest(params, [inUse.address, inUse.owner.address])
    return walletAssets(state.accountTypes.services, request)
  }

  async function rpc(payload: RpcPayload, context: Context, signal: AbortSignal) {
    const { method, params } = payload
    const chain = payload.chainId ?? state.chainId
    const rpcUrl = payload.rpcUrl ?? state.rpcUrls.get(String(chain))
    const kind = classifyRpcMethod(method)
    if (kind === 'forbidden') throw new FrameError(RPC_NOT_ALLOWED)
    const namespace = payload.chainNamespace ?? (SOLANA_METHODS.has(method) ? 'solana' : 'eip155')
    if (namespace === 'solana') {
      // Only the four signing methods: the frame reads nothing from Solana for the page.
      if (!SOLANA_METHODS.has(method)) throw new FrameError(RPC_NOT_ALLOWED)
      return solanaRpc(payload, context, signal)
    }
    if (SOLANA_METHODS.has(method)) {
      throw new FrameError(`${method} is a Solana method, not an ${namespace} one`, INVALID_PARAMS)
    }
    const ownMethod = SMART_ACCOUNT_METHODS.has(method)
    if (namespace !== 'eip155') throw new FrameError(`not implemented: ${namespace} requests`)
    if (method === 'wallet_getAssets') return assets(params)
    const evmChain = evmChainId(chain)
    if (ownMethod || (kind === 'unsafe' && evmChain === evmChainId(state.chainId))) {
      const inUse = await state.accountTypes.inUse()
      const answered =
        ownMethod || inUse.type === 'smartAccount'
          ? await smartAnswer(method, params, inUse, context, signal)
          : undefined
      if (answered) {
        if (wallet.account() !== inUse.owner) throw new NotConnectedError()
        return answered.result
      }
    }

    if (kind === 'safe') {
      if (method === 'eth_accounts') {
        // A sign-out in another tab removes the session while this frame still holds the key.
        if (!wallet.token()) return []
        try {
          return [(await state.accountTypes.inUse()).address]
        } catch {
          return []
        }
      }
      if (method === 'eth_chainId') {
        if (evmChain === undefined) throw new FrameError(`Chain ${chain} is not an EVM chain`)
        return `0x${evmChain.toString(16)}`
      }
      if (USER_OPERATION_READS.has(method)) {
        const enabled = await state.accountTypes.enabledNetworks()
        const bundlerChain = enabled.find((id) => id === evmChain)
        if (bundlerChain === undefined) throw new FrameError(SMART_ACCOUNTS_UNAVAILABLE)
        return state.accountTypes.smart.bundlerRead(
          bundlerChain,
          method,
          Array.isArray(params) ? params : [],
        )
      }
      if (!rpcUrl) throw new FrameError(`No RPC URL for chain ${chain}`)
      return jsonRpc(method, params, rpcUrl, signal)
    }

    const account = await wallet.unlock()
    if (evmChain === undefined) throw new FrameError(`not implemented: signing on chain ${chain}`)
    const request = prepareSigning(method, params, {
      address: account.address,
      chainId: evmChain,
      rpcUrl,
    })
    await askVisitor(request, context, signal)
    if (wallet.account() !== account) throw new NotConnectedError()
    return request.run({ account, signal })
  }

  async function smartAnswer(
    method: string,
    params: unknown,
    inUse: Awaited<ReturnType<FrameState['accountTypes']['inUse']>>,
    context: Context,
    signal: AbortSignal,
  ) {
    const ask = (request: Parameters<typeof askVisitor>[0]) => askVisitor(request, context, signal)
    return (await smartRpc()).answer(method, params, inUse, ask, { origin: context.origin, signal })
  }

  /** The approval card for a signing request; resolves only on the visitor's Approve. */
  async function askVisitor(
    request: {
      title: CardText
      action: Phrase
      details: Parameters<typeof approval.request>[0]['details']
    },
    context: Context,
    signal: AbortSignal,
  ) {
    const approved = await approval.request(
      {
        title: request.title,
        action: request.action,
        origin: context.origin,
        dappName: state.dapp.name,
        dappIcon: state.dapp.icon,
        details: request.details,
      },
      signal,
    )
    if (!approved) throw new FrameError(USER_REJECTED, 4001)
  }

  /** solana_* requests: our Solana key, the same approval as EVM signing. */
  async function solanaRpc(payload: RpcPayload, context: Context, signal: AbortSignal) {
    const account = await wallet.unlockSolana()
    // No chain: no URL ('undefined' is never a chain's key), and never the EVM chain's
    const rpcUrl = payload.rpcUrl ?? state.rpcUrls.get(String(payload.chainId))
    const request = prepareSolanaSigning(payload.method, payload.params, {
      address: account.address,
      chainId: payload.chainId,
      rpcUrl,
    })
    await askVisitor(request, context, signal)
    if (wallet.solanaAccount() !== account) throw new NotConnectedError()
    return request.run({
      account,
      signal,
      rpc: (url, method, params) => jsonRpc(method, params, url, signal),
    })
  }

  return {
    async APP_RPC_REQUEST(payload, context) {
      const controller = new AbortController()
      state.pendingRpc.add(controller)
      try {
        const result = await abortable(rpc(payload, context, controller.signal), controller.signal)
        return { result }
      } finally {
        state.pendingRpc.delete(controller)
      }
    },

    async APP_RPC_ABORT() {
      const count = state.abortAll()
      log.info(`aborted ${count} pending request(s)`)
      return {}
    },
  } satisfies Partial<HandlerTable>
}
