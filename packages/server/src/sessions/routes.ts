// Permissions granted by smart accounts (ERC-7715, README "Smart accounts"): the frame records a
// grant its owner key signed, anyone with the id reads it, the owner ends it.
import { randomBytes } from 'node:crypto'
import type { OpenAPIHono } from '@hono/zod-openapi'
import type { Kysely } from 'kysely'
import { type Hex, isAddressEqual, parseAbi, verifyMessage } from 'viem'
import type { Chains } from '../chain/client.ts'
import {
  PERMISSION_MAX_EXPIRY_S,
  PERMISSION_REVOKE_PREFIX,
  SIMPLE_ACCOUNT_FACTORY,
} from '../constants/sessions.ts'
import type { Database } from '../db/schema.ts'
import type { AppEnv } from '../env.ts'
import {
  permissionAccountNotOwned,
  permissionChainUnsupported,
  permissionExpiryInvalid,
  permissionMessageInvalid,
  permissionNotFound,
  permissionPciMismatch,
  permissionRevokedAlready,
  permissionSignatureInvalid,
} from '../errors/sessions.ts'
import { upstreamUnavailable } from '../errors.ts'
import { parsePermissionMessage } from './permissionMessage.ts'
import { getPermissionRoute, postPermissionRoute, revokePermissionRoute } from './routeDefs.ts'
import { createPermission, findPermission, revokePermission } from './store.ts'

export interface SessionRouteDeps {
  db: Kysely<Database>
  chains: Chains
  now: () => number
}

const factoryAbi = parseAbi([
  'function getAddress(address owner, uint256 salt) view returns (address)',
])

const signedBy = (owner: string, message: string, signature: string) =>
  verifyMessage({ address: owner as Hex, message, signature: signature as Hex }).catch(() => false)

export function registerSessionRoutes(app: OpenAPIHono<AppEnv>, deps: SessionRouteDeps) {
  const { db } = deps

  app.openapi(postPermissionRoute, async (c) => {
    const { message, signature } = c.req.valid('json')
    const parsed = parsePermissionMessage(message)
    if (!parsed) return c.json({ error: permissionMessageInvalid }, 400)
    const chain = deps.chains.get(parsed.chainId)
    if (!chain?.bundlerUrl)
      return c.json({ error: permissionChainUnsupported(parsed.chainId) }, 400)
    const now = deps.now()
    const left = parsed.expiry - now / 1000
    if (left <= 0 || left > PERMISSION_MAX_EXPIRY_S) {
      return c.json({ error: permissionExpiryInvalid }, 400)
    }
    if (!(await signedBy(parsed.owner, message, signature))) {
      return c.json({ error: permissionSignatureInvalid }, 401)
    }
    let account: string
    try {
      account = await chain.client.readContract({
        address: SIMPLE_ACCOUNT_FACTORY,
        abi: factoryAbi,
        functionName: 'getAddress',
        args: [parsed.owner as Hex, 0n],
      })
    } catch {
      return c.json(upstreamUnavailable, 502)
    }
    if (!isAddressEqual(account as Hex, parsed.account as Hex)) {
      return c.json({ error: permissionAccountNotOwned }, 401)
    }
    const id = `0x${randomBytes(32).toString('hex')}`
    const projectId = c.var.project.project_id
    await createPermission(db, { id, projectId, message, signature, now: new Date(now) }, parsed)
    const record = await findPermission(db, id, projectId)
    if (!record) throw new Error(`the permission ${id} was recorded and is gone`)
    return c.json(record, 201)
  })

  app.openapi(getPermissionRoute, async (c) => {
    const record = await findPermission(db, c.req.valid('param').id, c.var.project.project_id)
    return record ? c.json(record, 200) : c.json({ error: permissionNotFound }, 404)
  })

  app.openapi(revokePermissionRoute, async (c) => {
    const { id } = c.req.valid('param')
    const { pci, signature } = c.req.valid('json')
    if (pci.toLowerCase() !== id.toLowerCase()) return c.json({ error: permissionPciMismatch }, 400)
    const projectId = c.var.project.project_id
    const record = await findPermission(db, id, projectId)
    if (!record) return c.json({ error: permissionNotFound }, 404)
    if (!(await signedBy(record.owner, `${PERMISSION_REVOKE_PREFIX}${record.id}`, signature))) {
      return c.json({ error: permissionSignatureInvalid }, 401)
    }
    if (!(await revokePermission(db, record.id, new Date(deps.now())))) {
      return c.json({ error: permissionRevokedAlready }, 409)
    }
    const revoked = await findPermission(db, record.id, projectId)
    if (!revoked) throw new Error(`the permission ${id} was revoked and is gone`)
    return c.json(revoked, 200)
  })
}
