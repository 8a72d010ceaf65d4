import { readFileSync } from 'node:fs'

const SEMVER = /^\d+\.\d+\.\d+$/

/** The packages are released together: this build's version is the server package's own. */
function builtVersion(): string {
  const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'))
  return String((manifest as { version?: unknown }).version)
}

/**
 * What /appkit/v1/version answers: LATCHKEY_LATEST_KIT_VERSION (a deployment that serves pages
 * built with other releases says which is newest), else the version this server was built with.
 */
export function latestKitVersionFromEnv(env: NodeJS.ProcessEnv = process.env): string {
  const configured = env.LATCHKEY_LATEST_KIT_VERSION?.trim()
  if (configured === undefined || configured === '') return builtVersion()
  if (!SEMVER.test(configured)) {
    throw new Error(`LATCHKEY_LATEST_KIT_VERSION must be a version like 1.2.3, got '${configured}'`)
  }
  return configured
}
