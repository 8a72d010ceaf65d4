// Installs what `npm start`, `npm test` and `npm run bench` need on a fresh clone: the npm
// packages (when node_modules is missing or older than the lock file) and, with --browser,
// Debian's chromium for the browser tests, and redis-server and nginx for the tests of several
// server instances (apt-get, as root; without root those tests say so and skip).
import { execSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'

const run = (command) => execSync(command, { stdio: 'inherit' })
const lockHash = () => createHash('sha256').update(readFileSync('package-lock.json')).digest('hex')
const stamp = 'node_modules/.latchkey-lock-hash'

if (!existsSync(stamp) || readFileSync(stamp, 'utf8') !== lockHash()) {
  console.log('[latchkey] installing npm packages…')
  // Not `npm ci`: it rejects this lock file, which records no entries for the optional
  // platform packages of other systems. npm install adds this system's to the lock, so the
  // stamp is the lock as it is afterwards.
  run('npm install --no-audit --no-fund')
  writeFileSync(stamp, lockHash())
}

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

if (process.argv.includes('--browser') && !existsSync(CHROMIUM)) {
  if (process.getuid?.() !== 0) {
    console.error(
      `[latchkey] ${CHROMIUM} is missing: install Debian's chromium (apt-get install chromium) or set CHROMIUM_PATH`,
    )
    process.exit(1)
  }
  console.log('[latchkey] installing Debian chromium…')
  run('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium')
}

// redis-server and nginx: several server instances behind a load balancer (testing/cluster.ts).
const missing = [
  ['/usr/bin/redis-server', 'redis-server'],
  ['/usr/sbin/nginx', 'nginx'],
].filter(([path]) => !existsSync(path))
if (process.argv.includes('--browser') && missing.length > 0 && process.getuid?.() === 0) {
  const names = missing.map(([, name]) => name).join(' ')
  console.log(`[latchkey] installing Debian ${names}…`)
  // Debian starts a service it installs where it can; the tests run their own.
  run(`apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${names}`)
}
