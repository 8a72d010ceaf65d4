// `latchkey-server migrate` and `latchkey-server project …` (README "Production"): the admin
// API's operations on the server's database, for an operator's shell. Returns the exit code:
// 0 done, 1 refused (the message says why), 2 not a command.
import { parseArgs } from 'node:util'
import { type DatabaseChoice, databaseChoiceFromEnv, withDatabase } from '../db/chosenDatabase.ts'
import { AdminError } from '../errors.ts'
import type { CommandIo } from '../keys/command.ts'
import { parseFeatureSettings } from './featureSettings.ts'
import {
  changeOrigins,
  createProject,
  getProject,
  listProjects,
  type ProjectView,
  rotateToken,
  setFeatures,
} from './projectStore.ts'

export const PROJECT_USAGE = `Usage:
  latchkey-server project list
  latchkey-server project show <id>
  latchkey-server project create --name <name> [--origin <origin>]…
  latchkey-server project origins add|remove <id> <origin>…
  latchkey-server project features set <id> <feature>=<true|false|default>…
      (socials=<google,x,…>|false|default)
  latchkey-server project token rotate <id>`

function describe(project: ProjectView): string[] {
  const features = Object.entries(project.features)
    .map(([name, value]) => `${name}=${Array.isArray(value) ? value.join(',') : value}`)
    .join(' ')
  return [
    `${project.projectId}  ${project.name}`,
    `  origins:  ${project.allowedOrigins.join(' ') || '(none)'}`,
    `  features: ${features || '(defaults)'}`,
    `  token:    ${project.hasToken ? 'issued' : 'none'}`,
  ]
}

/** What the parsed words ask for, or undefined for a usage error */
function operation(args: readonly string[]) {
  const { values, positionals } = parseArgs({
    args: [...args],
    options: { name: { type: 'string' }, origin: { type: 'string', multiple: true } },
    allowPositionals: true,
    strict: true,
  })
  const [verb, a, b, ...rest] = positionals
  if (verb === 'list' && a === undefined) return { kind: 'list' } as const
  if (verb === 'show' && a && b === undefined) return { kind: 'show', id: a } as const
  if (verb === 'create' && values.name !== undefined && a === undefined) {
    return { kind: 'create', name: values.name, origins: values.origin ?? [] } as const
  }
  if (verb === 'origins' && (a === 'add' || a === 'remove') && b && rest.length > 0) {
    const change = a === 'add' ? { add: rest } : { remove: rest }
    return { kind: 'origins', id: b, change } as const
  }
  if (verb === 'features' && a === 'set' && b && rest.length > 0) {
    return { kind: 'features', id: b, settings: rest } as const
  }
  if (verb === 'token' && a === 'rotate' && b && rest.length === 0) {
    return { kind: 'token', id: b } as const
  }
  return undefined
}

export async function runProjectCommand(
  args: readonly string[],
  io: Pick<CommandIo, 'write' | 'error'>,
  choice: DatabaseChoice = databaseChoiceFromEnv(),
): Promise<number> {
  let op: ReturnType<typeof operation>
  try {
    op = operation(args)
  } catch (error) {
    io.error(error instanceof Error ? error.message : String(error))
    op = undefined
  }
  if (!op) {
    io.error(PROJECT_USAGE)
    return 2
  }
  const asked = op
  try {
    // Feature words are checked before the database opens: a typo changes nothing.
    const features = asked.kind === 'features' ? parseFeatureSettings(asked.settings) : undefined
    return await withDatabase(choice, async (db) => {
      if (asked.kind === 'list') {
        const projects = await listProjects(db)
        for (const project of projects) for (const line of describe(project)) io.write(line)
        if (projects.length === 0) io.error('no projects')
      } else if (asked.kind === 'show') {
        for (const line of describe(await getProject(db, asked.id))) io.write(line)
      } else if (asked.kind === 'create') {
        const { project, token } = await createProject(db, asked)
        // The token itself in place of the 'issued' line.
        for (const line of describe(project).slice(0, -1)) io.write(line)
        io.write(`  token:    ${token}`)
        io.error('The token is shown this once: keep it; `project token rotate` issues a new one.')
      } else if (asked.kind === 'origins') {
        const project = await changeOrigins(db, asked.id, asked.change)
        for (const line of describe(project)) io.write(line)
      } else if (asked.kind === 'features') {
        const project = await setFeatures(db, asked.id, features ?? {})
        for (const line of describe(project)) io.write(line)
      } else {
        io.write(await rotateToken(db, asked.id))
        io.error('The old token no longer works. The new one is shown this once.')
      }
      return 0
    })
  } catch (error) {
    if (!(error instanceof AdminError)) throw error
    io.error(error.message)
    return 1
  }
}

/** `latchkey-server migrate`: the schema to the latest migration, and what ran */
export async function runMigrateCommand(
  io: Pick<CommandIo, 'write'>,
  choice: DatabaseChoice = databaseChoiceFromEnv(),
): Promise<number> {
  const migrated = await withDatabase(choice, async (_, ran) => ran)
  io.write(migrated.length ? `applied ${migrated.join(', ')}` : 'the database is up to date')
  return 0
}
