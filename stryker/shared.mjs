// What every package's Stryker run shares (README, "Mutation testing"). Run it through
// scripts/mutation.ts (`npm run mutation`), which picks the files and the incremental mode.
import { readFileSync } from 'node:fs'

/** Issue 19's scope per package: the files `npm run mutation` mutates by default. */
export const SCOPE = JSON.parse(readFileSync(new URL('./scope.json', import.meta.url), 'utf8'))

/** @param {'core' | 'frame' | 'server' | 'server-stores' | 'server-units' | 'server-siwx'} pkg */
export function strykerConfig(pkg) {
  const mutate = SCOPE[pkg]
  return {
    testRunner: 'vitest',
    plugins: ['@stryker-mutator/vitest-runner'],
    vitest: { configFile: `stryker/vitest.${pkg}.config.ts`, related: true },
    // Each mutant runs only the tests that covered it in the dry run.
    coverageAnalysis: 'perTest',
    // Static mutants (module-level values) would rerun the whole package's tests each.
    ignoreStatic: true,
    mutate,
    // The machine is shared: one test process unless the caller passes --concurrency.
    concurrency: 1,
    // Generous: on a loaded machine a slow test that hits the timeout would count as a kill.
    timeoutMS: 60_000,
    timeoutFactor: 3,
    // The server's dry run (every test related to a store) took over 5 min, Stryker's default.
    dryRunTimeoutMinutes: 30,
    reporters: ['html', 'json', 'clear-text', 'progress'],
    htmlReporter: { fileName: `reports/mutation/${pkg}/index.html` },
    jsonReporter: { fileName: `reports/mutation/${pkg}/mutation.json` },
    incrementalFile: `reports/mutation/${pkg}/incremental.json`,
    tempDirName: '.stryker-tmp',
    cleanTempDir: true,
    // The sandbox needs the sources and configs, not build output, data or other reports.
    ignorePatterns: [
      'dist',
      'dist-site',
      '.data',
      'e2e/artifacts',
      'e2e/.demo-dist',
      'e2e/.frame-dist',
      'bench/results',
      'reports',
      '.vite',
      // Other runs' sandboxes, when they name their own temp dir.
      '/.stryker-tmp*',
    ],
    thresholds: { high: 85, low: 70, break: null },
  }
}
