// Builds every package and packs it with `npm pack`: the exact tarballs a registry would serve.
import { execFileSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { buildPackages, PACKAGES_IN_BUILD_ORDER } from './build.ts'

export interface PackedPackage {
  /** The package's name, e.g. @latchkey/react */
  name: string
  /** Absolute path of its .tgz */
  tarball: string
  /** The paths inside the tarball, relative to the package folder */
  files: string[]
}

const packagesDir = fileURLToPath(new URL('../../packages/', import.meta.url))

interface NpmPackEntry {
  name: string
  filename: string
  files: { path: string }[]
}

export function packPackages(outDir: string): PackedPackage[] {
  buildPackages()
  return PACKAGES_IN_BUILD_ORDER.map((folder) => {
    const output = execFileSync('npm', ['pack', '--json', '--pack-destination', outDir], {
      cwd: `${packagesDir}${folder}`,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    const [entry] = JSON.parse(output) as NpmPackEntry[]
    if (!entry) throw new Error(`npm pack printed no package for packages/${folder}`)
    return {
      name: entry.name,
      tarball: `${outDir}/${entry.filename}`,
      files: entry.files.map((file) => file.path),
    }
  })
}
