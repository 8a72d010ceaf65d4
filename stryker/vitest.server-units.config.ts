// The relay's mailbox and budget and the rate limiter are mutated against their own tests: the
// relay's and the routes' tests reach them too, but each starts servers and clients and would
// cost seconds per mutant for logic these tests pin down directly.
import { unitTestsOf } from './vitest.shared.ts'

export default unitTestsOf([
  'packages/server/src/relay/mailbox.test.ts',
  'packages/server/src/relay/budget.test.ts',
  'packages/server/src/middleware/rateLimit.test.ts',
])
