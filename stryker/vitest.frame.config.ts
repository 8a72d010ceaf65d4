import { unitTestsOf } from './vitest.shared.ts'

export default unitTestsOf(['packages/frame/src/**/*.test.ts'])
