// The vitest config each package's mutation run uses: the root's `unit` project
// (vitest.config.ts), narrowed to one package's tests. Stryker's vitest runner works on a plain
// config, not a project list.
import { fileURLToPath } from 'node:url'
import { configDefaults, defineConfig } from 'vitest/config'

const SOURCE = '@latchkey/source'
const conditions = [SOURCE, 'node']

export function unitTestsOf(include: string[], exclude: string[] = []) {
  return defineConfig({
    root: fileURLToPath(new URL('..', import.meta.url)),
    resolve: { conditions },
    ssr: { resolve: { conditions } },
    environments: { __vitest__: { resolve: { conditions } } },
    test: {
      environment: 'node',
      include,
      exclude: [...configDefaults.exclude, '.stryker-tmp/**', ...exclude],
      testTimeout: 60_000,
      hookTimeout: 120_000,
    },
  })
}
