// The relay's mailbox and budget and the rate limiter are mutated against their own tests: the
// relay's and the routes' tests reach them too, but each starts servers and clients and would
// cost seconds per mutant for logic these tests pin down directly. Each test file gets its own
// modules: sharing them with the rate limiter's real server left the mailbox's tests covering
// none of its mutants (measured: 196 survivors, all "covered 0").
import { unitTestsOf } from './vitest.shared.ts'

export default unitTestsOf(
  [
    'packages/server/src/relay/mailbox.test.ts',
    'packages/server/src/relay/mailbox.batch.test.ts',
    'packages/server/src/relay/mailbox.full.test.ts',
    'packages/server/src/relay/mailbox.replicate.test.ts',
    'packages/server/src/relay/budget.test.ts',
    'packages/server/src/middleware/rateLimit.test.ts',
    'packages/server/src/middleware/rateLimit.app.test.ts',
  ],
  [],
  true,
)
