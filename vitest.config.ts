import { defaultClientConditions } from 'vite'
import { configDefaults, defineConfig } from 'vitest/config'

// The workspace's packages resolve to their TypeScript sources (docs/packages.md); a published
// package resolves to its built dist/ instead.
const SOURCE = '@latchkey/source'
/**
 * Node projects: vitest hands these conditions to Node for the dependencies it does not inline,
 * so they stay Node's own. Vite's `module` (bundler-only ESM) breaks the WalletConnect client's
 * dependencies when Node loads them, and `browser` would swap ws for the browser's WebSocket.
 */
const nodeSources = {
  resolve: { conditions: [SOURCE, 'node'] },
  ssr: { resolve: { conditions: [SOURCE, 'node'] } },
  // A project's global setup runs in vitest's own environment.
  environments: { __vitest__: { resolve: { conditions: [SOURCE, 'node'] } } },
}
/** jsdom tests resolve like a browser; a file there that asks for the node environment, like Node. */
const browserSources = {
  ...nodeSources,
  resolve: { conditions: [SOURCE, ...defaultClientConditions] },
}

export default defineConfig({
  test: {
    projects: [
      {
        ...nodeSources,
        test: {
          name: 'unit',
          environment: 'node',
          include: [
            'packages/{core,evm,devnet,solana,bitcoin,frame}/src/**/*.test.ts',
            'bench/**/*.test.ts',
            'scripts/**/*.test.ts',
            'packages/server/src/**/*.test.ts',
            // The dashboard's DOM tests ask for jsdom themselves: they read a real server.
            'apps/dashboard/src/**/*.test.ts',
          ],
          exclude: [...configDefaults.exclude, 'scripts/packing/**'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        ...browserSources,
        test: {
          name: 'dom',
          environment: 'jsdom',
          include: ['packages/react/src/**/*.test.{ts,tsx}'],
          setupFiles: ['packages/react/src/testing/quietConsole.ts'],
        },
      },
      {
        // Packs every package and installs the tarballs into apps outside the workspace.
        ...nodeSources,
        test: {
          name: 'packages',
          environment: 'node',
          include: ['scripts/packing/**/*.test.ts'],
          globalSetup: ['scripts/packing/globalSetup.ts'],
          testTimeout: 240_000,
          hookTimeout: 300_000,
          // As in e2e: polls wait on a wallet, a chain or a server on a loaded 2-core machine.
          expect: { poll: { timeout: 20_000 } },
        },
      },
      {
        ...nodeSources,
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['e2e/**/*.test.ts'],
          globalSetup: ['e2e/setup/global.ts'],
          fileParallelism: false,
          testTimeout: 120_000,
          hookTimeout: 300_000,
          // A poll waits for a wallet, the relay or a server round trip: on a loaded 2-core
          // machine one second (vitest's default) is not enough, and a poll that passes returns
          // at once anyway.
          expect: { poll: { timeout: 20_000 } },
        },
      },
    ],
  },
})
