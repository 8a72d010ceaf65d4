// /admin/v1/*: the operations of `latchkey-server project …` over HTTP (README "Production").
// Served only when the server has an admin token (LATCHKEY_ADMIN_TOKEN); no CORS: an operator's
// tools and scripts call it, never a page.

import { DEFAULT_SOCIALS } from '@latchkey/core/shared'
import type { Context, Hono } from 'hono'
import type { Kysely } from 'kysely'
import * as z from 'zod'
import type { Database } from '../db/schema.ts'
import type { AppEnv } from '../env.ts'
import { AdminError, adminErrors } from '../errors.ts'
import { adminScope } from './adminAuth.ts'
import {
  changeOrigins,
  createProject,
  getProject,
  hashToken,
  listProjects,
  rotateToken,
  setFeatures,
} from './projectStore.ts'

export const ADMIN_PREFIX = '/admin/v1'

const origins = z.array(z.string().max(2048)).max(1000)
const CreateBody = z.strictObject({ name: z.string(), origins: origins.optional() })
const OriginsBody = z.strictObject({ add: origins.optional(), remove: origins.optional() })
const FeaturesBody = z.strictObject({
  swaps: z.boolean().nullable().optional(),
  onramp: z.boolean().nullable().optional(),
  email: z.boolean().nullable().optional(),
  socials: z
    .union([z.array(z.enum(DEFAULT_SOCIALS)).max(DEFAULT_SOCIALS.length), z.literal(false)])
    .nullable()
    .optional(),
  activity: z.boolean().nullable().optional(),
  emailCapture: z.boolean().nullable().optional(),
})

async function body<T>(c: Context<AppEnv>, schema: z.ZodType<T>): Promise<T> {
  let raw: unknown
  try {
    raw = await c.req.json()
  } catch {
    throw new AdminError('The body must be JSON', 400)
  }
  const parsed = schema.safeParse(raw)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    const where = issue?.path.length ? issue.path.join('.') : 'body'
    throw new AdminError(`Invalid ${where}: ${issue?.message ?? 'not accepted'}`, 400)
  }
  return parsed.data
}

/** Runs an admin handler; a refusal (AdminError) becomes its status and message */
function answer(handler: (c: Context<AppEnv>) => Promise<Response>) {
  return async (c: Context<AppEnv>) => {
    try {
      return await handler(c)
    } catch (error) {
      if (!(error instanceof AdminError)) throw error
      if (error.status === 401) c.header('WWW-Authenticate', 'Bearer realm="latchkey-admin"')
      return c.json({ error: error.message }, error.status)
    }
  }
}

export function registerAdminRoutes(
  app: Hono<AppEnv>,
  deps: {
    db: Kysely<Database>
    adminToken: string
    /** A project changed here: this instance's caches forget it at once */
    changed: (projectId: string) => void
  },
) {
  const { db, changed } = deps
  const adminTokenHash = hashToken(deps.adminToken)
  const authorize = (c: Context<AppEnv>, projectId?: string) =>
    adminScope(db, adminTokenHash, c.req.header('Authorization'), projectId)
  const allProjects = async (c: Context<AppEnv>) => {
    if ((await authorize(c)).kind !== 'admin') throw adminErrors.unauthorized()
  }

  app.use(`${ADMIN_PREFIX}/*`, async (c, next) => {
    await next()
    c.header('Cache-Control', 'no-store')
  })
  /** A route on one project: the admin token or that project's own token opens it */
  const forProject =
    (handler: (c: Context<AppEnv>, projectId: string) => Promise<Response>) =>
    async (c: Context<AppEnv>) => {
      const projectId = c.req.param('projectId') ?? ''
      await authorize(c, projectId)
      return handler(c, projectId)
    }

  app.get(
    `${ADMIN_PREFIX}/projects`,
    answer(async (c) => {
      await allProjects(c)
      return c.json({ projects: await listProjects(db) }, 200)
    }),
  )
  app.post(
    `${ADMIN_PREFIX}/projects`,
    answer(async (c) => {
      await allProjects(c)
      const created = await createProject(db, await body(c, CreateBody))
      // A page may have asked for this id already: its 'no such project' is not kept.
      changed(created.project.projectId)
      return c.json(created, 201)
    }),
  )
  app.get(
    `${ADMIN_PREFIX}/projects/:projectId`,
    answer(forProject(async (c, id) => c.json({ project: await getProject(db, id) }, 200))),
  )
  app.post(
    `${ADMIN_PREFIX}/projects/:projectId/origins`,
    answer(
      forProject(async (c, id) => {
        const change = await body(c, OriginsBody)
        const project = await changeOrigins(db, id, change)
        changed(id)
        return c.json({ project }, 200)
      }),
    ),
  )
  app.patch(
    `${ADMIN_PREFIX}/projects/:projectId/features`,
    answer(
      forProject(async (c, id) => {
        const features = await body(c, FeaturesBody)
        const project = await setFeatures(db, id, features)
        changed(id)
        return c.json({ project }, 200)
      }),
    ),
  )
  app.post(
    `${ADMIN_PREFIX}/projects/:projectId/token`,
    answer(forProject(async (c, id) => c.json({ token: await rotateToken(db, id) }, 200))),
  )
}
