import { readFileSync } from 'node:fs'
import semver from 'semver'
import { describe, expect, it } from 'vitest'

// The Node.js we say we run on (package.json `engines`, the README) is the one every installed
// package admits, and the one the tests run on.

const read = (path: string) => readFileSync(new URL(`../${path}`, import.meta.url), 'utf8')
const stated = (JSON.parse(read('package.json')) as { engines: { node: string } }).engines.node
const lowest = semver.minVersion(stated)?.version

describe(`Node.js ${stated}`, () => {
  it('is what the README says', () => {
    expect(read('README.md')).toContain(`Node.js ${lowest} or newer`)
  })

  it('is admitted by every package in the lock file, from the lowest version on', () => {
    const lock = JSON.parse(read('package-lock.json')) as {
      packages: Record<string, { engines?: { node?: string }; optional?: boolean }>
    }
    const refusing = Object.entries(lock.packages)
      .filter(([, entry]) => entry.engines?.node && !entry.optional)
      .filter(([, entry]) => !semver.satisfies(lowest ?? '', entry.engines?.node ?? ''))
      .map(([path, entry]) => `${path} wants ${entry.engines?.node}`)
    expect(refusing).toEqual([])
  })

  it('is the version these tests run on', () => {
    expect(semver.satisfies(process.versions.node, stated)).toBe(true)
  })
})
