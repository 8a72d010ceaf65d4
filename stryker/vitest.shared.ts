// The vitest config each package's mutation run uses: the root's `unit` project
// (vitest.config.ts), narrowed to one package's unit tests. Stryker's vitest runner works on a
// plain config, not a project list.
import { fileURLToPath } from 'node:url'
import { configDefaults, defineConfig } from 'vitest/config'

const SOURCE = '@latchkey/source'
const conditions = [SOURCE, 'node']

/**
 * Tests a mutation run leaves out: they start a whole server (`*.server.test.ts`) or measure
 * load, and would cost seconds per mutant for code their own unit tests already cover. A file
 * only they guard counts as uncovered, which is the point of issue 19: units need unit tests.
 */
export const SLOW_TESTS = ['**/*.server.test.ts', '**/load.test.ts', '**/fuzz.test.ts']

/** Tests of constants' own values: no kill of theirs counts (issue 19), so they do not run. */
export const VALUE_TESTS = ['**/constants.test.ts', '**/errors.test.ts']

export function unitTestsOf(include: string[], exclude: string[] = [], isolate = false) {
  return defineConfig({
    root: fileURLToPath(new URL('..', import.meta.url)),
    resolve: { conditions },
    ssr: { resolve: { conditions } },
    environments: { __vitest__: { resolve: { conditions } } },
    test: {
      environment: 'node',
      include,
      exclude: [
        ...configDefaults.exclude,
        '.stryker-tmp*/**',
        ...SLOW_TESTS,
        ...VALUE_TESTS,
        ...exclude,
      ],
      // One module cache per run instead of one per test file: a mutant's run takes a fifth of
      // the time (measured on sendAmount.ts). Stryker's dry run runs every test this way first,
      // so a test that leaks state into another fails there, not as a false kill.
      isolate,
      testTimeout: 60_000,
      hookTimeout: 120_000,
    },
  })
}
