// The AppKit JSX element typing comes with @latchkey/react.
import type {} from '@latchkey/react'
