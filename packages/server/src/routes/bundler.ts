// The bundler gateway (README "Smart accounts"): the embedded wallet's frame sends its user
// operations here, and the services pass ERC-4337's methods, and only those, to the chain's
// bundler (§7 "POST to a bundler URL with an eth_getUserOperationReceipt body"). The bundlers
// themselves stay on the services' network. GET lists the chains that have one.
import type { Hono } from 'hono'
import type { Chains } from '../chain/client.ts'
import { BUNDLER_MAX_BODY_BYTES, BUNDLER_METHODS, ENTRY_POINT_07 } from '../constants/bundler.ts'
import type { AppEnv } from '../env.ts'
import { upstreamUnavailable } from '../errors.ts'
import { forward, gatewayRequest, jsonRpcBodyLimit, refusal, rpcError } from './rpc.ts'

export const BUNDLER_PATH = '/v1/bundler'

export function registerBundlerRoute(app: Hono<AppEnv>, chains: Chains) {
  app.get(BUNDLER_PATH, (c) =>
    c.json({
      entryPoint: ENTRY_POINT_07,
      chains: chains.all.filter((chain) => chain.bundlerUrl).map((chain) => chain.caip2),
    }),
  )
  app.post(BUNDLER_PATH, jsonRpcBodyLimit(BUNDLER_MAX_BODY_BYTES), async (c) => {
    const request = await gatewayRequest(c, (chainId) => chains.get(chainId)?.bundlerUrl)
    if ('refused' in request) return request.refused
    const { target: bundlerUrl, body } = request
    // One operation per request: a batch would let one call carry many bundler requests.
    if (Array.isArray(body)) return c.json(rpcError(null, -32600, 'Invalid Request'), 200)
    const refused = refusal(body, BUNDLER_METHODS)
    if (refused) return c.json(refused, 200)
    try {
      return c.json((await forward(bundlerUrl, body)) as object, 200)
    } catch {
      return c.json(upstreamUnavailable, 502)
    }
  })
}
