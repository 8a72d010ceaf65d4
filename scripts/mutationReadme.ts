// The README's mutation block: `npm run mutation` and `npm run bench` write it from
// reports/mutation/scores.json; neither runs Stryker to do so.
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { replaceMarkedBlock } from '../bench/readme.ts'
import { mutationFigures, type Scores } from './mutationScores.ts'

export const MUTATION_START =
  '<!-- mutation:start (written by npm run mutation and npm run bench; do not edit) -->'
export const MUTATION_END = '<!-- mutation:end -->'

/** Writes the latest recorded scores into the README; returns the block written. */
export function writeMutationFigures(readmePath: string, scoresPath: string): string {
  const scores: Scores = existsSync(scoresPath)
    ? JSON.parse(readFileSync(scoresPath, 'utf8'))
    : { goalPercent: 85, files: {} }
  const block = mutationFigures(scores)
  writeFileSync(
    readmePath,
    replaceMarkedBlock(readFileSync(readmePath, 'utf8'), block, {
      start: MUTATION_START,
      end: MUTATION_END,
    }),
  )
  return block
}
