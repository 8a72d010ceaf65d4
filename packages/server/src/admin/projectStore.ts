// Projects as an operator manages them (issue 21): the CLI and the admin API both call these.
import { createHash, randomBytes } from 'node:crypto'
import type { Kysely } from 'kysely'
import { MAX_PROJECT_NAME_LENGTH, MAX_PROJECT_ORIGINS } from '../constants.ts'
import type { Database, ProjectRow } from '../db/schema.ts'
import { adminErrors } from '../errors.ts'
import type { RemoteFeatures } from '../routes/config.ts'
import { normaliseOrigins } from './origins.ts'

/** What an operator sees of a project (never its token, only whether it has one) */
export interface ProjectView {
  projectId: string
  name: string
  allowedOrigins: string[]
  /** The stored overrides of the remote features (§7 /appkit/v1/config); the rest are defaults */
  features: Partial<RemoteFeatures>
  analyticsEnabled: boolean
  hasToken: boolean
  createdAt: string
  updatedAt: string
}

/** A project token: shown once, at creation or rotation; the server keeps its SHA-256 */
export const PROJECT_TOKEN_PREFIX = 'lkp_'

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

function newToken(): string {
  return `${PROJECT_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`
}

function viewOf(row: ProjectRow): ProjectView {
  return {
    projectId: row.project_id,
    name: row.name,
    allowedOrigins: row.allowed_origins,
    features: row.features,
    analyticsEnabled: row.analytics_enabled,
    hasToken: row.token_hash !== null,
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  }
}

function checkName(name: string): string {
  const trimmed = name.trim()
  if (trimmed === '' || trimmed.length > MAX_PROJECT_NAME_LENGTH)
    throw adminErrors.invalidName(MAX_PROJECT_NAME_LENGTH)
  return trimmed
}

export async function listProjects(db: Kysely<Database>): Promise<ProjectView[]> {
  const rows = await db
    .selectFrom('projects')
    .selectAll()
    .orderBy('created_at')
    .orderBy('project_id')
    .execute()
  return rows.map(viewOf)
}

async function row(db: Kysely<Database>, projectId: string): Promise<ProjectRow> {
  const found = await db
    .selectFrom('projects')
    .selectAll()
    .where('project_id', '=', projectId)
    .executeTakeFirst()
  if (!found) throw adminErrors.projectNotFound(projectId)
  return found
}

export async function getProject(db: Kysely<Database>, projectId: string): Promise<ProjectView> {
  return viewOf(await row(db, projectId))
}

/** A new project with a random id (32 hex digits, like the ids apps are given) and its token */
export async function createProject(
  db: Kysely<Database>,
  input: { name: string; origins?: readonly string[] },
): Promise<{ project: ProjectView; token: string }> {
  const token = newToken()
  const inserted = await db
    .insertInto('projects')
    .values({
      project_id: randomBytes(16).toString('hex'),
      name: checkName(input.name),
      allowed_origins: normaliseOrigins(input.origins ?? []),
      features: JSON.stringify({}),
      analytics_enabled: true,
      token_hash: hashToken(token),
    })
    .returningAll()
    .executeTakeFirstOrThrow()
  return { project: viewOf(inserted), token }
}

/** Adds or removes origins in one transaction, so two operators' changes never undo each other */
export async function changeOrigins(
  db: Kysely<Database>,
  projectId: string,
  change: { add?: readonly string[]; remove?: readonly string[] },
): Promise<ProjectView> {
  const add = normaliseOrigins(change.add ?? [])
  const remove = new Set(normaliseOrigins(change.remove ?? []))
  return db.transaction().execute(async (trx) => {
    const current = await trx
      .selectFrom('projects')
      .select('allowed_origins')
      .where('project_id', '=', projectId)
      .forUpdate()
      .executeTakeFirst()
    if (!current) throw adminErrors.projectNotFound(projectId)
    const origins = [...new Set([...current.allowed_origins, ...add])].filter((o) => !remove.has(o))
    if (origins.length > MAX_PROJECT_ORIGINS) throw adminErrors.tooManyOrigins(MAX_PROJECT_ORIGINS)
    const updated = await trx
      .updateTable('projects')
      .set({ allowed_origins: origins, updated_at: new Date() })
      .where('project_id', '=', projectId)
      .returningAll()
      .executeTakeFirstOrThrow()
    return viewOf(updated)
  })
}

/** Overrides the named features; `null` for one returns it to the default */
export async function setFeatures(
  db: Kysely<Database>,
  projectId: string,
  features: { [K in keyof RemoteFeatures]?: RemoteFeatures[K] | null },
): Promise<ProjectView> {
  return db.transaction().execute(async (trx) => {
    const current = await trx
      .selectFrom('projects')
      .select('features')
      .where('project_id', '=', projectId)
      .forUpdate()
      .executeTakeFirst()
    if (!current) throw adminErrors.projectNotFound(projectId)
    const next: Record<string, unknown> = { ...current.features }
    for (const [name, value] of Object.entries(features)) {
      if (value === null) delete next[name]
      else if (value !== undefined) next[name] = value
    }
    const updated = await trx
      .updateTable('projects')
      .set({ features: JSON.stringify(next), updated_at: new Date() })
      .where('project_id', '=', projectId)
      .returningAll()
      .executeTakeFirstOrThrow()
    return viewOf(updated)
  })
}

/** A new token for the project; the old one stops working at once */
export async function rotateToken(db: Kysely<Database>, projectId: string): Promise<string> {
  const token = newToken()
  const result = await db
    .updateTable('projects')
    .set({ token_hash: hashToken(token), updated_at: new Date() })
    .where('project_id', '=', projectId)
    .executeTakeFirst()
  if (result.numUpdatedRows === 0n) throw adminErrors.projectNotFound(projectId)
  return token
}
