// The `packages` test project packs every package once; its tests get the tarballs by inject().
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'
import { type PackedPackage, packPackages } from './pack.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    packs: PackedPackage[]
  }
}

export default async function setup(project: TestProject) {
  const outDir = await mkdtemp(join(tmpdir(), 'latchkey-packs-'))
  project.provide('packs', packPackages(outDir))
  return () => rm(outDir, { recursive: true, force: true })
}
