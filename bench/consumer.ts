// The first consumer app of the packages test (Vite, React 19, wagmi 2.19, WagmiAdapter and the
// app's own wagmi hooks), installed from `npm pack` tarballs and built with its own Vite: what
// an AppKit app that switched its imports ships.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  buildConsumerApp,
  CONSUMER_APPS,
  createConsumerApp,
  installApp,
} from '../scripts/packing/consumerApp.ts'
import { packPackages } from '../scripts/packing/pack.ts'
import { analyzeBuild, formatKb, type SizeReport } from './size.ts'
import { markdownTable } from './table.ts'

export interface ConsumerSize {
  name: string
  size: SizeReport
}

export async function measureConsumerApp(): Promise<ConsumerSize> {
  const workDir = await mkdtemp(join(tmpdir(), 'latchkey-bench-consumer-'))
  try {
    const [spec] = CONSUMER_APPS
    if (!spec) throw new Error('no consumer app to measure')
    const dir = await createConsumerApp(spec, packPackages(workDir), workDir)
    await installApp(dir)
    await buildConsumerApp(dir, {
      rpcUrl: 'http://127.0.0.1:8545',
      projectId: 'bench',
      apiUrl: 'http://127.0.0.1:8787',
      relayUrl: 'ws://127.0.0.1:8787/relay',
    })
    return { name: spec.name, size: analyzeBuild(join(dir, 'dist')) }
  } finally {
    await rm(workDir, { recursive: true, force: true })
  }
}

export function consumerTable({ name, size }: ConsumerSize): string {
  return markdownTable(
    ['app', 'total JS gzip', 'first-load JS gzip'],
    [
      [
        `${name}, from the packed packages`,
        `${formatKb(size.totalJsGzip)} KB`,
        `${formatKb(size.firstLoadJsGzip)} KB`,
      ],
    ],
  )
}
