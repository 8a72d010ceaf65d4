import { type DatabaseChoice, databaseChoiceFromEnv, withDatabase } from '../db/chosenDatabase.ts'
import { rotateSigningKey } from '../siwx/signingKeys.ts'
import { exportWrappingKeys, parseBackup, restoreWrappingKeys } from './backup.ts'

export interface CommandIo {
  write(line: string): void
  error(line: string): void
  readFile(path: string): Promise<string>
}

const USAGE = 'Usage: latchkey-server keys export | keys import <file> | keys rotate-signing'

/**
 * `keys export` / `keys import <file>` (wrapping keys) and `keys rotate-signing` (the SIWX
 * signing key) on the server's database; returns the exit code.
 */
export async function runKeysCommand(
  args: readonly string[],
  io: CommandIo,
  choice: DatabaseChoice = databaseChoiceFromEnv(),
): Promise<number> {
  const [action, file] = args
  if (action === 'rotate-signing' && args.length === 1) {
    return withDatabase(choice, async (db) => {
      io.write(await rotateSigningKey(db, new Date()))
      io.error(
        'New SIWX tokens are signed with this key; the old one verifies its tokens until they expire.',
      )
      return 0
    })
  }
  if (!(action === 'export' || (action === 'import' && file))) {
    io.error(USAGE)
    return 2
  }
  // Parsed before the database opens: a bad backup restores nothing.
  const lines = action === 'import' ? parseBackup(await io.readFile(file as string)) : []
  return withDatabase(choice, async (db) => {
    if (action === 'export') {
      for await (const line of exportWrappingKeys(db)) io.write(line)
      return 0
    }
    const report = await restoreWrappingKeys(db, lines)
    io.error(
      `${report.added} added, ${report.kept} already there, ${report.conflicting.length} ` +
        `different in the database (kept), ${report.unknownUsers.length} for unknown users`,
    )
    for (const user of report.conflicting) io.error(`different key kept for user ${user}`)
    for (const user of report.unknownUsers) io.error(`no such user: ${user}`)
    return report.conflicting.length + report.unknownUsers.length > 0 ? 1 : 0
  })
}
