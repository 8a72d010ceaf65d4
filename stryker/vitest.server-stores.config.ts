// The server's stores are mutated against their own tests, straight against the database
// (auth/store/*.test.ts, siwx/store*.test.ts): every route test starts a server and reaches the
// stores too, which made a mutant cost ~30 s (README, "Mutation testing").
import { unitTestsOf } from './vitest.shared.ts'

export default unitTestsOf([
  'packages/server/src/**/store*.test.ts',
  'packages/server/src/auth/store/*.test.ts',
])
