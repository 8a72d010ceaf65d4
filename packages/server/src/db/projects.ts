import type { Kysely } from 'kysely'
import type { Database, ProjectRow } from './schema.ts'

export function findProject(
  db: Kysely<Database>,
  projectId: string,
): Promise<ProjectRow | undefined> {
  return db
    .selectFrom('projects')
    .selectAll()
    .where('project_id', '=', projectId)
    .executeTakeFirst()
}
