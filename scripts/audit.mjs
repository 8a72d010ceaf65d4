// CI's dependency audit: `npm audit --omit=dev` (what installs of the published packages and the
// server pull in). High and critical advisories fail the run unless .ci/audit-exceptions.json
// lists them with a reason. Where the advisory API cannot be reached (no network, a registry
// mirror without the audit endpoint) the audit is skipped with a line saying so.
import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

const FAILING = new Set(['high', 'critical'])
const NETWORK_CODES = new Set([
  'ENOTFOUND',
  'EAI_AGAIN',
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENETUNREACH',
  'EHOSTUNREACH',
  'ERR_SOCKET_TIMEOUT',
  'EPROXY',
])

/** Advisory ids (GHSA-…) a URL or id names */
const advisoryId = (text) => /GHSA(?:-[0-9a-z]{4}){3}/i.exec(text ?? '')?.[0]?.toUpperCase()

/**
 * What to make of `npm audit --json`'s output: { kind: 'unreachable', reason } | { kind: 'ok',
 * ignored } | { kind: 'fail', findings }, `exceptions` being [{ advisory, reason }].
 */
export function auditVerdict(stdout, stderr, exceptions = []) {
  let report
  try {
    report = JSON.parse(stdout)
  } catch {
    report = undefined
  }
  if (report?.vulnerabilities && typeof report.vulnerabilities === 'object') {
    const excepted = new Map(exceptions.map((e) => [advisoryId(e.advisory), e.reason]))
    const findings = []
    const ignored = []
    for (const [name, vulnerability] of Object.entries(report.vulnerabilities)) {
      for (const via of vulnerability.via ?? []) {
        if (typeof via !== 'object' || !FAILING.has(via.severity)) continue
        const finding = {
          package: via.name ?? name,
          severity: via.severity,
          title: via.title,
          url: via.url,
        }
        const reason = excepted.get(advisoryId(via.url) ?? advisoryId(String(via.source)))
        if (reason) ignored.push({ ...finding, reason })
        else findings.push(finding)
      }
    }
    return findings.length ? { kind: 'fail', findings } : { kind: 'ok', ignored }
  }
  const code = report?.error?.code ?? report?.code
  const networkError =
    NETWORK_CODES.has(code) || /\b(E[A-Z]+)\b.*(?:network|getaddrinfo|connect)/i.test(stderr)
  const endpointError =
    report?.statusCode !== undefined || /audit endpoint returned an error/.test(stderr)
  if (networkError || endpointError) {
    const reason = report?.message ?? code ?? stderr.trim().split('\n').at(-1) ?? ''
    return { kind: 'unreachable', reason }
  }
  return { kind: 'error', reason: stderr.trim() || stdout.trim() || 'npm audit gave no report' }
}

function main() {
  const root = fileURLToPath(new URL('..', import.meta.url))
  const exceptions = JSON.parse(
    readFileSync(new URL('../.ci/audit-exceptions.json', import.meta.url), 'utf8'),
  ).exceptions
  const run = spawnSync('npm', ['audit', '--omit=dev', '--json'], { cwd: root, encoding: 'utf8' })
  const verdict = auditVerdict(run.stdout ?? '', run.stderr ?? '', exceptions)
  if (verdict.kind === 'unreachable') {
    console.log(`[audit] skipped: advisory API unreachable (${verdict.reason})`)
    return 0
  }
  if (verdict.kind === 'error') {
    console.error(`[audit] npm audit failed: ${verdict.reason}`)
    return 1
  }
  if (verdict.kind === 'fail') {
    console.error(
      '[audit] high or critical advisories (list one in .ci/audit-exceptions.json with a reason to accept it):',
    )
    for (const f of verdict.findings)
      console.error(`  ${f.severity} ${f.package}: ${f.title} ${f.url}`)
    return 1
  }
  for (const f of verdict.ignored)
    console.log(`[audit] accepted ${f.severity} ${f.package} ${f.url}: ${f.reason}`)
  console.log('[audit] no high or critical advisories in the production dependencies')
  return 0
}

if (process.argv[1] === fileURLToPath(import.meta.url)) process.exitCode = main()
