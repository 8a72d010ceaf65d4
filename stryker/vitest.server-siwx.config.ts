// SIWX's routes are mutated against SIWX's own route tests (siwx*.test.ts, tokens.test.ts): every
// other server test builds the app too, so it "covers" the routes' registration and, in the
// `server` group, made each mutant start the servers of ~40 test files (measured: ~1.7 min a
// mutant, 4 h for routes.ts alone).
import { unitTestsOf } from './vitest.shared.ts'

export default unitTestsOf([
  'packages/server/src/siwx/siwx.test.ts',
  'packages/server/src/siwx/siwx.bitcoin.test.ts',
  'packages/server/src/siwx/tokens.test.ts',
])
