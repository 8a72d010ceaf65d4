import { unitTestsOf } from './vitest.shared.ts'

export default unitTestsOf(['packages/core/src/**/*.test.ts'])
