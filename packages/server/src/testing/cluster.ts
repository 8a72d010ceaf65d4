// Test support: two server processes on one PostgreSQL database and one Redis, behind Debian's
// nginx as the load balancer (round robin, the relay's WebSocket upgrade passed through), as the
// README's "Several instances" deploys them. Available where DATABASE_URL names a PostgreSQL
// server (CI's) and redis-server and nginx are installed (.ci/run installs both as root).
import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { findFreePort } from '@latchkey/devnet'
import { SERVER_INSTANCE, type ServerProcess, spawnServer } from '../bench/serverProcess.ts'
import { redisServerAvailable, startTestRedis } from '../net/redisServer.ts'
import type { RelayLimits } from '../relay/budget.ts'
import { availableDatabases } from './databases.ts'

const NGINX = ['/usr/sbin/nginx', '/usr/local/sbin/nginx'].find((path) => existsSync(path))
const postgres = availableDatabases().find((database) => database.name === 'postgres')

export const clusterAvailable = Boolean(postgres && redisServerAvailable && NGINX)

export interface ClusterOptions {
  /** EVM_RPC_URLS of both instances */
  evmRpcUrls?: string
  /** The relay budgets of both instances (bench/serverInstance.ts) */
  relayLimits?: Partial<RelayLimits>
  /** LATCHKEY_ADMIN_TOKEN of both instances (their /metrics) */
  adminToken?: string
}

export interface Cluster {
  /** The load balancer */
  url: string
  relayUrl: string
  instances: [ServerProcess, ServerProcess]
  databaseUrl: string
  redisUrl: string
  stop(): Promise<void>
}

function nginxConfig(dir: string, port: number, upstreams: string[]): string {
  const servers = upstreams
    .map((authority) => `    server ${authority} max_fails=1 fail_timeout=2s;`)
    .join('\n')
  return `${process.getuid?.() === 0 ? 'user root;\n' : ''}worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  map $http_upgrade $connection_upgrade { default upgrade; '' close; }
  upstream latchkey {
${servers}
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://latchkey;
      proxy_http_version 1.1;
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection $connection_upgrade;
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_read_timeout 1h;
      proxy_next_upstream error timeout;
    }
  }
}
`
}

async function startNginx(upstreams: string[]) {
  if (!NGINX) throw new Error('nginx is not installed (apt-get install nginx)')
  const dir = await mkdtemp(join(tmpdir(), 'latchkey-nginx-'))
  for (const sub of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) await mkdir(join(dir, sub))
  const port = await findFreePort()
  const config = join(dir, 'nginx.conf')
  await writeFile(config, nginxConfig(dir, port, upstreams))
  const child: ChildProcess = spawn(NGINX, ['-p', dir, '-c', config], { stdio: 'ignore' })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  // A test process that ends without stop() takes its nginx with it.
  const killOnParentExit = () => child.kill('SIGKILL')
  process.on('exit', killOnParentExit)
  const url = `http://127.0.0.1:${port}`
  for (let tries = 0; ; tries++) {
    const up = await fetch(`${url}/healthz`).then(
      (response) => response.ok,
      () => false,
    )
    if (up) break
    if (tries > 200 || child.exitCode !== null) {
      child.kill('SIGKILL')
      const log = await readFile(join(dir, 'error.log'), 'utf8').catch(() => '')
      throw new Error(`nginx did not start on port ${port}:\n${log}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  return {
    url,
    async stop() {
      process.off('exit', killOnParentExit)
      child.kill('SIGQUIT')
      await exited
      await rm(dir, { recursive: true, force: true })
    },
  }
}

export async function startCluster(options: ClusterOptions = {}): Promise<Cluster> {
  if (!postgres) throw new Error('the cluster needs PostgreSQL: set DATABASE_URL')
  const database = await postgres.createMigrated()
  const redis = await startTestRedis()
  const stops: (() => Promise<void>)[] = [() => database.destroy(), () => redis.stop()]
  const stop = async () => {
    for (const step of stops.splice(0).reverse()) await step().catch(() => undefined)
  }
  try {
    const databaseUrl = database.options.databaseUrl ?? ''
    const env = {
      DATABASE_URL: databaseUrl,
      PGLITE_DIR: undefined,
      REDIS_URL: redis.url,
      // nginx on loopback is the proxy: the X-Forwarded-For entry before it is the client.
      TRUSTED_PROXIES: '127.0.0.1',
      LOG_LEVEL: 'error',
      EVM_RPC_URLS: options.evmRpcUrls ?? '',
      SOLANA_RPC_URLS: '',
      LATCHKEY_ADMIN_TOKEN: options.adminToken,
      LATCHKEY_TEST_RELAY_LIMITS: JSON.stringify(options.relayLimits ?? {}),
    }
    const start = async () =>
      spawnServer({ ...env, SERVER_PORT: String(await findFreePort()) }, SERVER_INSTANCE)
    // One after the other: the first seeds the demo project, the second finds it.
    const first = await start()
    stops.push(() => first.kill())
    const second = await start()
    stops.push(() => second.kill())
    const nginx = await startNginx([first.url, second.url].map((url) => new URL(url).host))
    stops.push(() => nginx.stop())
    return {
      url: nginx.url,
      relayUrl: `${nginx.url.replace('http', 'ws')}/relay`,
      instances: [first, second],
      databaseUrl,
      redisUrl: redis.url,
      stop,
    }
  } catch (error) {
    await stop()
    throw error
  }
}
