// The permissions this frame granted (README "Smart accounts"): each recorded by the services with
// the owner's signature (/v1/sessions), kept here with what was spent inside it. Only a grant made
// in this frame can be used here, by the origin it was made for.
import type { LocalAccount } from 'viem'
import { FrameError } from '../../frameError.ts'
import { type ServicesDeps, servicesRequest } from '../servicesRequest.ts'
import type { KeyValueStore } from '../storage.ts'
import { PERMISSION_REVOKE_PREFIX, PERMISSION_UNKNOWN } from './constants.ts'
import type { PermissionRequest, Scope, Spent } from './permissions.ts'

export interface Grant {
  id: string
  origin: string
  account: string
  chainId: number
  expiry: number
  scopes: Scope[]
  spent: Spent
}

export interface GrantsDeps extends ServicesDeps {
  store: KeyValueStore
  now: () => number
}

const key = (id: string) => `permission:${id.toLowerCase()}`
const bigints = (_: string, value: unknown) => (typeof value === 'bigint' ? `${value}n` : value)
const revive = (_: string, value: unknown) =>
  typeof value === 'string' && /^\d+n$/.test(value) ? BigInt(value.slice(0, -1)) : value

export function createGrants(deps: GrantsDeps) {
  async function call(path: string, body?: unknown) {
    const answer = await servicesRequest(deps, path, body === undefined ? {} : { body })
    const { error } = answer.body as { error?: string }
    if (!answer.ok) throw new FrameError(error ?? `HTTP status code: ${answer.status}`)
    return answer.body as { id?: string; revokedAt?: string | null }
  }

  const save = (grant: Grant) => deps.store.set(key(grant.id), JSON.stringify(grant, bigints))

  function local(id: string): Grant | undefined {
    const raw = deps.store.get(key(id))
    if (raw === null) return undefined
    try {
      const grant = JSON.parse(raw, revive) as Grant
      if (grant.expiry * 1000 > deps.now()) return grant
    } catch {
      // damaged: forgotten below
    }
    deps.store.remove(key(id))
    return undefined
  }

  return {
    /** The owner signs the grant; the services record it; answers its id (the permissions context) */
    async grant(
      owner: LocalAccount,
      at: { account: string; chainId: number; origin: string },
      request: PermissionRequest,
    ): Promise<string> {
      const message = JSON.stringify({
        kind: 'latchkey-permission',
        version: 1,
        account: at.account,
        owner: owner.address,
        chainId: at.chainId,
        origin: at.origin,
        expiry: request.expiry,
        permissions: request.permissions,
      })
      const signature = await owner.signMessage({ message })
      const { id } = await call('/v1/sessions', { message, signature })
      if (typeof id !== 'string') throw new FrameError('Invalid permission record')
      save({
        id,
        ...at,
        expiry: request.expiry,
        scopes: request.scopes,
        spent: { native: 0n, tokens: {} },
      })
      return id
    },

    /** A grant of this frame for this origin and account, still recorded and not revoked */
    async usable(id: string, origin: string, account: string): Promise<Grant> {
      const grant = local(id)
      const ours =
        grant && grant.origin === origin && grant.account.toLowerCase() === account.toLowerCase()
      if (!grant || !ours) throw new FrameError(PERMISSION_UNKNOWN)
      const record = await call(`/v1/sessions/${grant.id}`)
      if (record.revokedAt) {
        deps.store.remove(key(id))
        throw new FrameError(PERMISSION_UNKNOWN)
      }
      return grant
    },

    spent(grant: Grant, spent: Spent) {
      save({ ...grant, spent })
    },

    async revoke(owner: LocalAccount, id: string, origin: string) {
      const grant = local(id)
      if (!grant || grant.origin !== origin) throw new FrameError(PERMISSION_UNKNOWN)
      const signature = await owner.signMessage({
        message: `${PERMISSION_REVOKE_PREFIX}${grant.id}`,
      })
      await call(`/v1/sessions/${grant.id}/revoke`, { pci: grant.id, signature })
      deps.store.remove(key(id))
    },
  }
}

export type Grants = ReturnType<typeof createGrants>
