import type { MiddlewareHandler } from 'hono'
import { MAX_COMMON_PARAM_LENGTH } from '../constants.ts'
import type { CachedProjectLookup } from '../db/projectCache.ts'
import type { ProjectRow } from '../db/schema.ts'
import type { AppEnv } from '../env.ts'
import { invalidParameter } from '../errors/body.ts'
import { invalidProjectId, projectIdMissing } from '../errors.ts'
import { hasControlCharacters } from '../text.ts'

/**
 * §7 every call carries projectId. Missing -> 400 APKT008; unknown -> 403 APKT007 (§8).
 * These answers say nothing about any project, so any origin may read them: that is how a
 * page learns its project id is wrong instead of seeing a bare network error.
 */
export function requireProject(
  projectOf: CachedProjectLookup<ProjectRow>,
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    c.header('Vary', 'Origin', { append: true })
    const ids = c.req.queries('projectId') ?? []
    const projectId = ids[0]?.trim() ?? ''
    if (projectId === '') {
      c.header('Access-Control-Allow-Origin', '*')
      return c.json(projectIdMissing, 400)
    }
    if (ids.length > 1 || projectId.length > MAX_COMMON_PARAM_LENGTH) {
      c.header('Access-Control-Allow-Origin', '*')
      const reason =
        ids.length > 1
          ? 'must be given once'
          : `must be at most ${MAX_COMMON_PARAM_LENGTH} characters`
      return c.json(invalidParameter('projectId', reason), 400)
    }
    const project = hasControlCharacters(projectId) ? undefined : await projectOf(projectId)
    if (!project) {
      c.header('Access-Control-Allow-Origin', '*')
      return c.json(invalidProjectId, 403)
    }
    c.set('project', project)
    await next()
  }
}
