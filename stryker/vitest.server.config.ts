import { unitTestsOf } from './vitest.shared.ts'

export default unitTestsOf(['packages/server/src/**/*.test.ts'])
