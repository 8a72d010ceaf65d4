// A fresh app outside the workspace: the template in ./apps, the packed tarballs as its
// @latchkey/* dependencies (never workspace links), everything else from the npm registry.
import { execFile } from 'node:child_process'
import { cp, writeFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import type { PackedPackage } from './pack.ts'

const run = promisify(execFile)

export interface ConsumerAppSpec {
  /** Folder name, e.g. vite-react19-wagmi2 */
  name: string
  /** The template folder under ./apps */
  template: 'vite' | 'next'
  dependencies: Record<string, string>
  devDependencies: Record<string, string>
}

/** Where the built app finds its chain and the services (Vite env, read at build time). */
export interface ConsumerAppEnv {
  rpcUrl: string
  projectId: string
  apiUrl: string
  relayUrl: string
}

const tooling = {
  typescript: '~5.9.3',
  vite: '^8.3.8',
  '@vitejs/plugin-react': '^6.3.0',
}

/** The apps the consumer test installs and builds; the bench measures the first. */
export const CONSUMER_APPS: ConsumerAppSpec[] = [
  {
    name: 'vite-react19-wagmi2',
    template: 'vite',
    dependencies: {
      react: '^19.2.0',
      'react-dom': '^19.2.0',
      wagmi: '~2.19.5',
      viem: '^2.40.0',
      '@tanstack/react-query': '^5.90.0',
    },
    devDependencies: { ...tooling, '@types/react': '^19.2.0', '@types/react-dom': '^19.2.0' },
  },
  {
    name: 'vite-react18-wagmi3',
    template: 'vite',
    dependencies: {
      react: '~18.3.1',
      'react-dom': '~18.3.1',
      wagmi: '^3.0.0',
      viem: '^2.40.0',
      '@tanstack/react-query': '^5.90.0',
    },
    devDependencies: { ...tooling, '@types/react': '~18.3.0', '@types/react-dom': '~18.3.0' },
  },
]

/** AppKit's Next.js App Router setup: cookie storage, `ssr: true`, a 'use client' provider. */
export const NEXT_APP: ConsumerAppSpec = {
  name: 'next-app-router',
  template: 'next',
  dependencies: {
    next: '^16.4.0',
    react: '^19.2.0',
    'react-dom': '^19.2.0',
    wagmi: '^3.0.0',
    viem: '^2.40.0',
    '@tanstack/react-query': '^5.90.0',
  },
  devDependencies: {
    typescript: '~5.9.3',
    '@types/node': '^20.19.0',
    '@types/react': '^19.2.0',
    '@types/react-dom': '^19.2.0',
  },
}

/** The app's own production build (`vite build` from its node_modules) into dist/. */
export function buildConsumerApp(dir: string, env: ConsumerAppEnv): Promise<string> {
  return inApp(dir, process.execPath, ['node_modules/vite/bin/vite.js', 'build'], {
    VITE_RPC_URL: env.rpcUrl,
    VITE_PROJECT_ID: env.projectId,
    VITE_LATCHKEY_API_URL: env.apiUrl,
    VITE_LATCHKEY_RELAY_URL: env.relayUrl,
  })
}

/** The packages an EVM app installs: `npm i @latchkey/react @latchkey/evm` brings the rest. */
const LATCHKEY_PACKAGES = ['@latchkey/react', '@latchkey/evm', '@latchkey/core', '@latchkey/frame']

export async function createConsumerApp(
  spec: ConsumerAppSpec,
  packs: readonly PackedPackage[],
  parentDir: string,
): Promise<string> {
  const dir = `${parentDir}/${spec.name}`
  await cp(fileURLToPath(new URL(`./apps/${spec.template}/`, import.meta.url)), dir, {
    recursive: true,
  })
  const latchkey = Object.fromEntries(
    LATCHKEY_PACKAGES.map((name) => {
      const pack = packs.find((p) => p.name === name)
      if (!pack) throw new Error(`${name} was not packed`)
      return [name, `file:${pack.tarball}`]
    }),
  )
  const manifest = {
    name: spec.name,
    private: true,
    type: 'module',
    dependencies: { ...latchkey, ...spec.dependencies },
    devDependencies: spec.devDependencies,
  }
  await writeFile(`${dir}/package.json`, `${JSON.stringify(manifest, null, 2)}\n`)
  return dir
}

/**
 * The environment an app's commands see: this process's, without what the workspace's own run
 * put there (npm's npm_* settings of `npm test`/`npm run bench`, NODE_OPTIONS, and the
 * NODE_ENV=production a Vite build in this process leaves behind).
 */
export function appEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {}
  for (const [key, value] of Object.entries(process.env)) {
    if (!key.startsWith('npm_') && key !== 'NODE_OPTIONS' && key !== 'NODE_ENV') env[key] = value
  }
  return env
}

/** Runs a command in the app's folder; a failure carries everything the command printed. */
export async function inApp(
  dir: string,
  command: string,
  args: string[],
  env: Record<string, string> = {},
): Promise<string> {
  try {
    const { stdout, stderr } = await run(command, args, {
      cwd: dir,
      env: { ...appEnv(), ...env },
      maxBuffer: 64 * 1024 * 1024,
    })
    return stdout + stderr
  } catch (error) {
    const failed = error as Error & { stdout?: string; stderr?: string }
    throw new Error(
      `${command} ${args.join(' ')} failed in ${dir}\n${failed.stdout ?? ''}${failed.stderr ?? ''}`,
    )
  }
}

export function installApp(dir: string): Promise<string> {
  return inApp(dir, 'npm', [
    'install',
    '--include=dev',
    '--no-audit',
    '--no-fund',
    '--ignore-scripts',
    '--prefer-offline',
    '--loglevel=error',
  ])
}

/**
 * The app's `tsc --noEmit` errors, but for those in the files under `ignoredPaths`. Each error
 * is its first line, `file(line,col): error TSxxxx: message`.
 */
export async function typeErrorsOutside(
  dir: string,
  ignoredPaths: readonly string[],
): Promise<string[]> {
  let output = ''
  try {
    await run(process.execPath, ['node_modules/typescript/bin/tsc', '--noEmit', '-p', '.'], {
      cwd: dir,
      env: appEnv(),
      maxBuffer: 64 * 1024 * 1024,
    })
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string }
    output = `${failed.stdout ?? ''}${failed.stderr ?? ''}`
    if (!output.includes('error TS')) throw error
  }
  return output
    .split('\n')
    .filter((line) => /^\S.*error TS\d+/.test(line))
    .filter((line) => !ignoredPaths.some((path) => line.startsWith(path)))
}
