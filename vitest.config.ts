import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: [
            'packages/{core,evm,devnet,solana,frame}/src/**/*.test.ts',
            'bench/**/*.test.ts',
            'scripts/**/*.test.ts',
            'packages/server/src/**/*.test.ts',
          ],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'dom',
          environment: 'jsdom',
          include: ['packages/react/src/**/*.test.{ts,tsx}'],
          setupFiles: ['packages/react/src/testing/quietConsole.ts'],
        },
      },
      {
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
