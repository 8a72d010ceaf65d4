// CI's dependency audit (scripts/audit.mjs) on npm audit's own outputs: an unreachable advisory
// API skips, a high or critical advisory fails unless excepted with a reason.
import { describe, expect, it } from 'vitest'
// @ts-expect-error: a plain .mjs script, without types
import { auditVerdict } from './audit.mjs'

const report = (severity: string) =>
  JSON.stringify({
    auditReportVersion: 2,
    vulnerabilities: {
      pkg: {
        severity,
        via: [
          {
            source: 1,
            name: 'pkg',
            title: 'Prototype pollution',
            url: 'https://github.com/advisories/GHSA-abcd-efgh-ijkl',
            severity,
          },
        ],
      },
      parent: { severity, via: ['pkg'] },
    },
  })

describe('the CI audit', () => {
  it('skips when the advisory API is unreachable: no network, or a registry without it', () => {
    const refused = JSON.stringify({
      message:
        'request to http://127.0.0.1:9/-/npm/v1/security/advisories/bulk failed, reason: connect ECONNREFUSED 127.0.0.1:9',
      error: { summary: '', detail: '' },
    })
    expect(auditVerdict(refused, 'npm error audit endpoint returned an error').kind).toBe(
      'unreachable',
    )
    const mirror = JSON.stringify({ message: '405 Method Not Allowed', statusCode: 405 })
    expect(auditVerdict(mirror, '')).toMatchObject({
      kind: 'unreachable',
      reason: '405 Method Not Allowed',
    })
    expect(auditVerdict('', 'npm error code ENOLOCK').kind).toBe('error')
  })

  it('fails on a high or critical advisory unless it is excepted with a reason', () => {
    expect(auditVerdict(report('moderate'), '')).toEqual({ kind: 'ok', ignored: [] })
    expect(auditVerdict(report('high'), '')).toMatchObject({
      kind: 'fail',
      findings: [{ package: 'pkg', severity: 'high' }],
    })
    const exceptions = [{ advisory: 'GHSA-abcd-efgh-ijkl', reason: 'only the CLI uses it' }]
    expect(auditVerdict(report('critical'), '', exceptions)).toMatchObject({
      kind: 'ok',
      ignored: [{ package: 'pkg', reason: 'only the CLI uses it' }],
    })
  })
})
