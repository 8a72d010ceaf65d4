import { describe, expect, it } from 'vitest'
import {
  mergeScores,
  mutationFigures,
  parseAccepted,
  rescoreReport,
  type StrykerReport,
  scoreReport,
} from './mutationScores.ts'

const mutant = (status: string, line: number, mutatorName = 'ConditionalExpression') => ({
  status,
  mutatorName,
  location: { start: { line } },
})

const report: StrykerReport = {
  files: {
    'packages/core/src/router.ts': {
      mutants: [
        mutant('Killed', 1),
        mutant('Killed', 2),
        mutant('Timeout', 3),
        mutant('Survived', 4),
        mutant('Survived', 5, 'StringLiteral'),
        mutant('NoCoverage', 6),
        mutant('Ignored', 7),
        mutant('CompileError', 8),
      ],
    },
  },
}
const run = {
  package: 'core',
  date: new Date('2026-12-01T10:00:00Z'),
  runSeconds: 95.4,
  concurrency: 2,
}

describe('mutation scores', () => {
  it('read accepted.md entries and skip its prose', () => {
    const markdown = [
      '# Accepted',
      'An entry looks like - `path:line` Mutator — reason',
      '- `packages/core/src/router.ts:4` ConditionalExpression — the guard repeats the caller’s',
      '- `packages/core/src/router.ts:9` StringLiteral',
    ].join('\n')
    expect(parseAccepted(markdown)).toEqual([
      { file: 'packages/core/src/router.ts', line: 4, mutator: 'ConditionalExpression' },
    ])
  })

  it('count detected over valid mutants, and accepted survivors only with their mutator', () => {
    const accepted = [
      { file: 'packages/core/src/router.ts', line: 4, mutator: 'ConditionalExpression' },
      { file: 'packages/core/src/router.ts', line: 5, mutator: 'ConditionalExpression' },
      { file: 'packages/core/src/router.ts', line: 6, mutator: 'ConditionalExpression' },
    ]
    expect(scoreReport(report, accepted, run)['packages/core/src/router.ts']).toEqual({
      package: 'core',
      score: 50,
      scoreWithAccepted: 66.7,
      killed: 2,
      survived: 2,
      noCoverage: 1,
      timeout: 1,
      accepted: 1,
      ignored: 2,
      date: '2026-12-01T10:00:00.000Z',
      runSeconds: 95,
      concurrency: 2,
    })
  })

  it('keep the other files of earlier runs and replace the ones measured again', () => {
    const first = mergeScores(undefined, scoreReport(report, [], run))
    const other = { ...first.files['packages/core/src/router.ts'], score: 10 } as never
    const merged = mergeScores(first, { 'packages/core/src/send.ts': other })
    expect(Object.keys(merged.files)).toEqual([
      'packages/core/src/router.ts',
      'packages/core/src/send.ts',
    ])
    expect(
      mergeScores(merged, {
        'packages/core/src/send.ts': first.files['packages/core/src/router.ts'] as never,
      }).files['packages/core/src/send.ts']?.score,
    ).toBe(50)
  })

  it('mark the files under the goal in the README table', () => {
    const figures = mutationFigures(mergeScores(undefined, scoreReport(report, [], run)))
    expect(figures).toMatch(/\| `core\/src\/router\.ts` \| +50\.0 % \| +50\.0 % ✗ \| +2 \|/)
    expect(figures).toContain('2026-12-01')
    expect(figures).toContain('1.6 min ×2')
    expect(mutationFigures({ goalPercent: 85, files: {} })).toBe('No mutation run recorded yet.')
  })

  it('counts a report again against new accepted entries, keeping each file its run', () => {
    const before = mergeScores(undefined, scoreReport(report, [], run))
    const file = 'packages/core/src/router.ts'
    const accepted = [{ file, line: 4, mutator: 'ConditionalExpression' }]
    const again = rescoreReport(report, accepted, before)
    expect(again[file]).toEqual({ ...before.files[file], accepted: 1, scoreWithAccepted: 66.7 })
    expect(rescoreReport(report, accepted, { goalPercent: 85, files: {} })).toEqual({})
  })
})
