// Mutation scores (README, "Mutation testing"): what `npm run mutation` keeps of Stryker's JSON
// report in reports/mutation/scores.json, and the table `npm run bench` writes from it.
import { markdownTable } from '../bench/table.ts'

/** Issue 19's goal per file, counting accepted (equivalent) survivors as killed. */
export const GOAL_PERCENT = 85

/** The part of Stryker's mutation-testing-report JSON this reads. */
export interface StrykerReport {
  files: Record<
    string,
    {
      mutants: {
        mutatorName: string
        status: string
        location: { start: { line: number } }
      }[]
    }
  >
}

export interface FileScore {
  package: string
  /** Stryker's score: (killed + timeout) / (killed + timeout + survived + no coverage) */
  score: number
  /** The same with accepted survivors counted as killed; the one the goal applies to */
  scoreWithAccepted: number
  killed: number
  survived: number
  noCoverage: number
  timeout: number
  /** Survivors listed in reports/mutation/accepted.md */
  accepted: number
  /** Mutants not run: static ones (ignoreStatic), and ones that did not compile or load */
  ignored: number
  /** When the run that measured this file ended (ISO), and how long that run took */
  date: string
  runSeconds: number
  /** Stryker's test processes in that run (older records: 1) */
  concurrency?: number
}

export interface Scores {
  goalPercent: number
  files: Record<string, FileScore>
}

export interface AcceptedMutant {
  file: string
  line: number
  mutator: string
}

/** `- \`path:line\` Mutator — reason` lines of accepted.md; anything else is prose. */
export function parseAccepted(markdown: string): AcceptedMutant[] {
  const accepted: AcceptedMutant[] = []
  for (const line of markdown.split('\n')) {
    const match = /^- `([^`:]+):(\d+)` (\w+) [—-]+ \S/.exec(line.trim())
    if (match) {
      accepted.push({
        file: match[1] as string,
        line: Number(match[2]),
        mutator: match[3] as string,
      })
    }
  }
  return accepted
}

const percent = (detected: number, valid: number) =>
  valid === 0 ? 100 : Math.round((detected / valid) * 1000) / 10

/** Per file of the report, its counts; paths as the report names them (relative to the repo). */
export function scoreReport(
  report: StrykerReport,
  accepted: AcceptedMutant[],
  run: { package: string; date: Date; runSeconds: number; concurrency: number },
): Record<string, FileScore> {
  const scores: Record<string, FileScore> = {}
  for (const [file, { mutants }] of Object.entries(report.files)) {
    const count = { Killed: 0, Survived: 0, NoCoverage: 0, Timeout: 0, other: 0 }
    let acceptedHere = 0
    for (const mutant of mutants) {
      const status = mutant.status as keyof typeof count
      count[status in count ? status : 'other'] += 1
      const isAccepted = accepted.some(
        (a) =>
          a.file === file &&
          a.line === mutant.location.start.line &&
          a.mutator === mutant.mutatorName,
      )
      if (mutant.status === 'Survived' && isAccepted) acceptedHere += 1
    }
    const detected = count.Killed + count.Timeout
    const valid = detected + count.Survived + count.NoCoverage
    scores[file] = {
      package: run.package,
      score: percent(detected, valid),
      scoreWithAccepted: percent(detected + acceptedHere, valid),
      killed: count.Killed,
      survived: count.Survived,
      noCoverage: count.NoCoverage,
      timeout: count.Timeout,
      accepted: acceptedHere,
      ignored: count.other,
      date: run.date.toISOString(),
      runSeconds: Math.round(run.runSeconds),
      concurrency: run.concurrency,
    }
  }
  return scores
}

/**
 * The scores of a package's last report counted again against `accepted` (after accepted.md
 * changed), each file keeping the run it was measured in. Files the scores do not know are left
 * out: their run is not recorded.
 */
export function rescoreReport(
  report: StrykerReport,
  accepted: AcceptedMutant[],
  previous: Scores,
): Record<string, FileScore> {
  const rescored: Record<string, FileScore> = {}
  for (const file of Object.keys(report.files)) {
    const known = previous.files[file]
    const one = report.files[file]
    if (!known || !one) continue
    const run = {
      package: known.package,
      date: new Date(known.date),
      runSeconds: known.runSeconds,
      concurrency: known.concurrency ?? 1,
    }
    Object.assign(rescored, scoreReport({ files: { [file]: one } }, accepted, run))
  }
  return rescored
}

/** The previous scores with the files of this run replaced; other files keep their own run. */
export function mergeScores(previous: Scores | undefined, run: Record<string, FileScore>): Scores {
  const files = { ...previous?.files, ...run }
  const sorted = Object.fromEntries(Object.entries(files).sort(([a], [b]) => a.localeCompare(b)))
  return { goalPercent: GOAL_PERCENT, files: sorted }
}

const minutes = (seconds: number) =>
  seconds < 60 ? `${seconds} s` : `${(seconds / 60).toFixed(1)} min`

/** The README's mutation table: one row per file, its date and whether it meets the goal. */
export function mutationTable(scores: Scores): string {
  const rows = Object.entries(scores.files).map(([file, s]) => [
    `\`${file.replace(/^packages\//, '')}\``,
    `${s.score.toFixed(1)} %`,
    `${s.scoreWithAccepted.toFixed(1)} %${s.scoreWithAccepted >= scores.goalPercent ? '' : ' ✗'}`,
    String(s.killed),
    String(s.survived),
    String(s.accepted),
    String(s.noCoverage),
    String(s.timeout),
    s.date.slice(0, 10),
    `${minutes(s.runSeconds)} ×${s.concurrency ?? 1}`,
  ])
  return markdownTable(
    [
      'file',
      'score',
      'with accepted',
      'killed',
      'survived',
      'accepted',
      'no coverage',
      'timeout',
      'measured',
      'run',
    ],
    rows,
  )
}

export function mutationFigures(scores: Scores): string {
  if (Object.keys(scores.files).length === 0) return 'No mutation run recorded yet.'
  return [
    `Stryker, each package's unit tests (not the ones that start a whole server: \`stryker/vitest.shared.ts\`), \`coverageAnalysis: perTest\`. "with accepted" counts the survivors listed in \`reports/mutation/accepted.md\` as killed; ✗ marks a file under the ${scores.goalPercent} % goal. "run" is the Stryker run that measured the file (shared when several files ran together) and its test processes (×n).`,
    '',
    mutationTable(scores),
  ].join('\n')
}
