// What a production server must be told (README "Operating it"): checked at start, before the
// database opens, each missing setting with its own line, so one failed start names them all.
import { normaliseOrigin } from './admin/origins.ts'

export interface ProductionSettings {
  databaseUrl: string | undefined
  /** PGLITE_DIR or the dataDir option was given: PGlite on purpose, for one instance */
  pgliteChosen: boolean
  publicUrl: string | undefined
  frameOrigins: readonly string[]
  /** SMTP_HOST/SMTP_PORT or the mail option was given (else mails go to the devnet's capture) */
  mailChosen: boolean
}

const LOCAL_HOST = /^(localhost|127\.0\.0\.1|\[::1\])$/

function publicUrlProblem(value: string | undefined): string | undefined {
  if (!value) return 'PUBLIC_URL: the server’s address as browsers reach it (https://…)'
  try {
    const url = new URL(value)
    if (
      url.protocol === 'https:' ||
      (url.protocol === 'http:' && LOCAL_HOST.test(url.host.replace(/:\d+$/, '')))
    ) {
      return undefined
    }
  } catch {}
  return `PUBLIC_URL must be an https URL (got '${value}')`
}

export function productionProblems(settings: ProductionSettings): string[] {
  const problems: string[] = []
  if (!settings.databaseUrl && !settings.pgliteChosen) {
    problems.push(
      'DATABASE_URL: the PostgreSQL database (or PGLITE_DIR to keep one instance’s data in PGlite)',
    )
  }
  const publicUrl = publicUrlProblem(settings.publicUrl)
  if (publicUrl) problems.push(publicUrl)
  if (settings.frameOrigins.length === 0) {
    problems.push('FRAME_ORIGINS: the embedded wallet frame’s origin(s), comma-separated')
  }
  if (!settings.mailChosen) {
    problems.push('SMTP_HOST and SMTP_PORT: the mail server the login codes are sent through')
  }
  return problems
}

/** Throws one error naming every missing or wrong production setting */
export function assertProductionReady(settings: ProductionSettings): void {
  const problems = productionProblems(settings)
  if (problems.length > 0) {
    throw new Error(
      `Latchkey does not start in production without:\n${problems.map((p) => `  - ${p}`).join('\n')}`,
    )
  }
}

/** FRAME_ORIGINS as exact origins; unset: undefined */
export function frameOriginsFromEnv(): string[] | undefined {
  const raw = process.env.FRAME_ORIGINS
  if (!raw) return undefined
  return raw
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean)
    .map(normaliseOrigin)
}
