// Who may call /admin/v1/*: the operator's admin token (every project), or a project's own token
// (that project only). Both are compared as SHA-256 digests with timingSafeEqual, so neither the
// time nor the length of a wrong guess tells how close it was.
import { timingSafeEqual } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.ts'
import { adminErrors } from '../errors.ts'
import { hashToken, PROJECT_TOKEN_PREFIX } from './projectStore.ts'

export type AdminScope = { kind: 'admin' } | { kind: 'project'; projectId: string }

function sameDigest(hexA: string, hexB: string): boolean {
  const a = Buffer.from(hexA, 'hex')
  const b = Buffer.from(hexB, 'hex')
  return a.length === b.length && a.length > 0 && timingSafeEqual(a, b)
}

export function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer ([\x21-\x7e]{1,512})$/.exec(header ?? '')
  return match?.[1]
}

/**
 * The caller's scope, or a 401 AdminError. `projectId` is the project the route acts on (none
 * for the routes over every project, which only the admin token opens).
 */
export async function adminScope(
  db: Kysely<Database>,
  adminTokenHash: string,
  authorization: string | undefined,
  projectId?: string,
): Promise<AdminScope> {
  const token = bearerToken(authorization)
  if (token === undefined) throw adminErrors.unauthorized()
  const digest = hashToken(token)
  if (sameDigest(digest, adminTokenHash)) return { kind: 'admin' }
  if (projectId !== undefined && token.startsWith(PROJECT_TOKEN_PREFIX)) {
    const project = await db
      .selectFrom('projects')
      .select('token_hash')
      .where('project_id', '=', projectId)
      .executeTakeFirst()
    if (project?.token_hash && sameDigest(digest, project.token_hash)) {
      return { kind: 'project', projectId }
    }
  }
  throw adminErrors.unauthorized()
}
