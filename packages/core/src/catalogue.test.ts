import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

// Every spec number in constants.ts (and constants/*.ts) and every text in ErrorText is used by product code, not
// only by tests. Entries waiting for a feature not built yet sit in PENDING with the issue that
// builds it; that issue empties its entries (this test fails while a pending entry is in use).

const PENDING: Record<string, string> = {
  // The frame keeps its own copies (it imports nothing from core): packages/frame
  EMBEDDED_WALLET_NAMESPACES: 'packages/frame protocol',
  LOG_BUFFER_BYTES: 'packages/frame logger',
  // Onramp
  ONRAMP_PROVIDER_FEE_PERCENT: 'issue 23',
  // Smart accounts: the frame keeps the batches (and their records), so it holds this one
  SEND_CALLS_RECORD_TTL_S: 'packages/frame smartAccount',
}

const root = fileURLToPath(new URL('../../../', import.meta.url))
const read = (path: string) => readFileSync(join(root, path), 'utf8')

function sourceFiles(dir: string): string[] {
  return readdirSync(join(root, dir)).flatMap((name) => {
    const path = join(dir, name)
    if (['node_modules', 'dist', 'testing'].includes(name)) return []
    if (statSync(join(root, path)).isDirectory()) return sourceFiles(path)
    return /\.tsx?$/.test(name) && !/\.test(-d)?\.tsx?$/.test(name) ? [path] : []
  })
}

/** constants.ts and the features' constants/*.ts */
const CONSTANT_FILES = [
  'packages/core/src/constants.ts',
  ...readdirSync(join(root, 'packages/core/src/constants')).map(
    (name) => `packages/core/src/constants/${name}`,
  ),
]
const errorsSource = read('packages/core/src/errors.ts')
const catalogueStart = errorsSource.indexOf('export const ErrorText')
const catalogueEnd = errorsSource.indexOf('} as const', catalogueStart)
/** Product code: every package's and app's sources, less the catalogues' own definitions. */
const sources = [
  ...sourceFiles('packages').filter((p) => p.includes('/src/')),
  ...sourceFiles('apps').filter((p) => p.includes('/src/')),
].filter((path) => !CONSTANT_FILES.some((file) => path.endsWith(file)))
const isErrors = (path: string) => path.endsWith('core/src/errors.ts')
const productCode = sources
  .map((path) =>
    isErrors(path)
      ? errorsSource.slice(0, catalogueStart) + errorsSource.slice(catalogueEnd)
      : read(path),
  )
  .join('\n')
/** Product code other than errors.ts, for the catalogue's helpers */
const outsideErrors = sources
  .filter((path) => !isErrors(path))
  .map(read)
  .join('\n')

const constants = CONSTANT_FILES.flatMap((file) =>
  [...read(file).matchAll(/^export const (\w+)/gm)].map((m) => m[1] as string),
)
const errorTexts = [
  ...errorsSource.slice(catalogueStart, catalogueEnd).matchAll(/^ {2}(\w+):/gm),
].map((m) => m[1] as string)

const helpers = [...errorsSource.matchAll(/^export function (\w+)/gm)].map((m) => m[1] as string)

const isUsed = {
  helper: (name: string) => new RegExp(`\\b${name}\\b`).test(outsideErrors),
  constant: (name: string) => new RegExp(`\\b${name}\\b`).test(productCode),
  errorText: (key: string) => new RegExp(`ErrorText\\.${key}\\b`).test(productCode),
}

describe("core's catalogues", () => {
  it('found the entries (the parsing still matches the files)', () => {
    expect(constants.length).toBeGreaterThan(40)
    expect(errorTexts.length).toBeGreaterThan(40)
  })

  it('hold no constant that only tests use, beyond the pending list', () => {
    const unused = constants.filter((name) => !isUsed.constant(name) && !(name in PENDING))
    expect(unused).toEqual([])
  })

  it('hold no error text that only tests use, beyond the pending list', () => {
    const unused = errorTexts.filter((key) => !isUsed.errorText(key) && !(key in PENDING))
    expect(unused).toEqual([])
  })

  it("hold no helper in errors.ts that only tests use (e.g. a text's alert), beyond the pending list", () => {
    const unused = helpers.filter((name) => !isUsed.helper(name) && !(name in PENDING))
    expect(unused).toEqual([])
  })

  it('list as pending only entries that exist and are still unused (the issue empties it)', () => {
    const stale = Object.keys(PENDING).filter((name) =>
      constants.includes(name)
        ? isUsed.constant(name)
        : errorTexts.includes(name)
          ? isUsed.errorText(name)
          : helpers.includes(name)
            ? isUsed.helper(name)
            : true,
    )
    expect(stale).toEqual([])
  })
})
