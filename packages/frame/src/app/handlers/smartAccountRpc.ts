// The page's requests that the smart account answers differently from the EOA (README "Smart
// accounts"): wallet_sendCalls as one atomic user operation, an app's own eth_sendUserOperation,
// eth_sendTransaction through the bundler, wallet_getCallsStatus and wallet_getCapabilities;
// messages it cannot sign.

import type { Hex } from 'viem'
import { FrameError } from '../../frameError.ts'
import { INVALID_PARAMS, prepareSigning, UNAUTHORIZED, WRONG_ACCOUNT } from '../signer.ts'
import {
  ATOMICITY_NOT_SUPPORTED,
  SIMPLE_ACCOUNT_CANNOT_SIGN,
  SMART_ACCOUNT_NEEDED,
} from '../smartAccount/constants.ts'
import { createGrants } from '../smartAccount/grants.ts'
import { type BatchCall, parseSendCalls } from '../smartAccount/sendCalls.ts'
import type { UserOperationTerms } from '../smartAccount/userOperation.ts'
import type { CardText, Phrase } from '../texts.ts'
import type { AccountInUse, AccountTypes } from './smartAccount.ts'

/** What the approval card needs; resolves only when the visitor approved */
type Ask = (request: {
  title: CardText
  action: Phrase
  details: ReturnType<typeof parseSendCalls>['details']
}) => Promise<void>

/** ERC-7715's rules (and the ABI coding they need) load with the first permission request */
const permissionRules = () => import('../smartAccount/permissions.ts')

export function smartAccountRpc(types: AccountTypes) {
  const { smart } = types
  const grants = createGrants(types.services)

  async function capabilities(params: unknown, inUse: AccountInUse) {
    const requested = Array.isArray(params) ? params[0] : undefined
    if (typeof requested !== 'string')
      throw new FrameError('An address is required', INVALID_PARAMS)
    const own = [inUse.address, inUse.owner.address].map((a) => a.toLowerCase())
    if (!own.includes(requested.toLowerCase())) throw new FrameError(WRONG_ACCOUNT, UNAUTHORIZED)
    const smartAddress = inUse.type === 'smartAccount' ? inUse.address.toLowerCase() : undefined
    if (requested.toLowerCase() !== smartAddress) return {}
    const wanted = Array.isArray(params) && Array.isArray(params[1]) ? params[1] : undefined
    const chains = (await types.enabledNetworks()).map((id) => `0x${id.toString(16)}`)
    return Object.fromEntries(
      chains
        .filter((hex) => !wanted || wanted.includes(hex))
        .map((hex) => [hex, { atomic: { status: 'supported' } }]),
    )
  }

  async function send(inUse: AccountInUse, calls: BatchCall[], terms?: UserOperationTerms) {
    if (inUse.chainId === undefined || !inUse.rpcUrl) {
      throw new FrameError(`No RPC URL for chain ${inUse.chainId}`)
    }
    return smart.sendCalls(inUse.owner, inUse.chainId, inUse.rpcUrl, calls, terms)
  }

  return {
    /** Answers a request when the account in use is the smart account or the method is its own */
    async answer(
      method: string,
      params: unknown,
      inUse: AccountInUse,
      ask: Ask,
      { origin, signal }: { origin: string; signal: AbortSignal },
    ): Promise<{ result: unknown } | undefined> {
      if (method === 'wallet_getCapabilities') return { result: await capabilities(params, inUse) }
      if (method === 'wallet_getCallsStatus') {
        const id = Array.isArray(params) ? params[0] : undefined
        if (typeof id !== 'string' || !/^0x[0-9a-fA-F]{64}$/.test(id)) {
          throw new FrameError('Invalid calls id', INVALID_PARAMS)
        }
        return { result: await smart.callsStatus(id) }
      }
      if (method === 'wallet_sendCalls') {
        if (inUse.type !== 'smartAccount' || inUse.chainId === undefined) {
          throw new FrameError(SMART_ACCOUNT_NEEDED, ATOMICITY_NOT_SUPPORTED)
        }
        const request = parseSendCalls(params, { address: inUse.address, chainId: inUse.chainId })
        if (request.permissionsContext) {
          // Inside an approved permission: no card; outside it, refused (ERC-7715).
          const grant = await grants.usable(request.permissionsContext, origin, inUse.address)
          const { spendWithin } = await permissionRules()
          const spent = spendWithin(grant.scopes, request.calls, grant.spent)
          const id = await send(inUse, request.calls)
          grants.spent(grant, spent)
          return { result: { id } }
        }
        const count = request.calls.length
        await ask({
          title: 'Send calls',
          action: { text: 'send {count} calls at once', params: { count } },
          details: request.details,
        })
        return { result: { id: await send(inUse, request.calls) } }
      }
      if (method === 'eth_sendUserOperation') {
        if (inUse.type !== 'smartAccount' || inUse.chainId === undefined) {
          throw new FrameError(SMART_ACCOUNT_NEEDED, UNAUTHORIZED)
        }
        const { parseUserOperation } = await import('../smartAccount/userOperation.ts')
        const request = parseUserOperation(params, {
          address: inUse.address,
          chainId: inUse.chainId,
        })
        const count = request.calls.length
        await ask({
          title: 'Send user operation',
          action: { text: 'send {count} calls from your smart account', params: { count } },
          details: request.details,
        })
        return { result: await send(inUse, request.calls, request.terms) }
      }
      if (method === 'wallet_grantPermissions') {
        if (inUse.type !== 'smartAccount' || inUse.chainId === undefined) {
          throw new FrameError(SMART_ACCOUNT_NEEDED, UNAUTHORIZED)
        }
        const { describePermissions, parsePermissionRequest } = await permissionRules()
        const request = parsePermissionRequest(params, {
          chainId: inUse.chainId,
          address: inUse.address,
          now: types.now(),
        })
        await ask({
          title: 'Grant permission',
          action: 'act for you within these limits, without asking each time',
          details: describePermissions(request, origin),
        })
        const at = { account: inUse.address, chainId: inUse.chainId, origin }
        const permissionsContext = await grants.grant(inUse.owner, at, request)
        return {
          result: {
            expiry: request.expiry,
            grantedPermissions: request.permissions,
            permissionsContext,
          },
        }
      }
      if (method === 'wallet_revokePermissions') {
        const asked = Array.isArray(params)
          ? (params[0] as { permissionsContext?: unknown })
          : undefined
        const context = asked?.permissionsContext
        if (typeof context !== 'string') {
          throw new FrameError('A permissionsContext is required', INVALID_PARAMS)
        }
        await grants.revoke(inUse.owner, context, origin)
        return { result: null }
      }
      if (inUse.type !== 'smartAccount') return undefined
      if (method === 'personal_sign' || method === 'eth_signTypedData_v4') {
        throw new FrameError(SIMPLE_ACCOUNT_CANNOT_SIGN)
      }
      if (method !== 'eth_sendTransaction' || inUse.chainId === undefined) return undefined
      const request = prepareSigning(method, params, {
        address: inUse.address,
        chainId: inUse.chainId,
        rpcUrl: inUse.rpcUrl,
      })
      const tx = (params as [{ to?: Hex; value?: Hex; data?: Hex; input?: Hex }])[0]
      if (!tx.to) throw new FrameError('A smart account sends to a receiver', INVALID_PARAMS)
      await ask(request)
      const data = tx.data ?? tx.input
      const hash = await send(inUse, [
        {
          to: tx.to,
          value: tx.value ? BigInt(tx.value) : 0n,
          ...(data && data !== '0x' && { data }),
        },
      ])
      return { result: await smart.transactionOf(hash, inUse.chainId, signal) }
    },
  }
}
