// The published packages' manifests: what a registry and an installing app read.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const root = fileURLToPath(new URL('..', import.meta.url))
const read = (path: string) => JSON.parse(readFileSync(`${root}${path}`, 'utf8'))

const packages = readdirSync(`${root}packages`).map((folder) => ({
  folder,
  manifest: read(`packages/${folder}/package.json`),
}))
const changesets = read('.changeset/config.json')

describe.each(packages)('packages/$folder/package.json', ({ folder, manifest }) => {
  it('is publishable: license, repository, engines, public access, a changelog', () => {
    expect(manifest.private).toBeUndefined()
    expect(manifest.license).toBe('MIT')
    expect(manifest.repository.directory).toBe(`packages/${folder}`)
    expect(manifest.engines.node).toBe('>=20.19')
    expect(manifest.publishConfig).toEqual({ access: 'public' })
    expect(existsSync(`${root}packages/${folder}/CHANGELOG.md`)).toBe(true)
    expect(changesets.fixed[0]).toContain('@latchkey/*')
  })

  it('exports explicit subpaths, each with source, types and import (no ./*)', () => {
    for (const [subpath, target] of Object.entries(manifest.exports)) {
      expect(subpath).not.toContain('*')
      if (subpath === './package.json') continue
      expect(Object.keys(target as object)).toEqual(['@latchkey/source', 'types', 'import'])
      const { types, import: js } = target as Record<string, string>
      expect(types).toMatch(/^\.\/dist\/.+\.d\.ts$/)
      expect(js).toBe(String(types).replace(/\.d\.ts$/, '.js'))
    }
  })

  it('keeps type packages and peers out of its dependencies', () => {
    const dependencies = Object.keys(manifest.dependencies ?? {})
    expect(dependencies.filter((name) => name.startsWith('@types/'))).toEqual([])
    for (const peer of Object.keys(manifest.peerDependencies ?? {})) {
      expect(dependencies).not.toContain(peer)
    }
    for (const name of dependencies.filter((dep) => dep.startsWith('@latchkey/'))) {
      expect(manifest.dependencies[name]).toBe(manifest.version)
    }
  })
})

it('the adapters take wagmi 2.19+ (its @wagmi/core 2.22) and 3 as peers', () => {
  const evm = packages.find((p) => p.folder === 'evm')?.manifest
  expect(evm.peerDependencies['@wagmi/core']).toBe('^2.22.1 || ^3.0.0')
  expect(packages.find((p) => p.folder === 'react')?.manifest.peerDependencies).toEqual({
    react: '>=18.3',
    'react-dom': '>=18.3',
    viem: '^2.40.0',
  })
})
