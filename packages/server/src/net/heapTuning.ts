// The V8 heap of a process that serves (the CLI's serve): without this, V8 lets the old
// generation grow by as little as ~10 % after a full collection, and a relay moving thousands of
// messages a second ran full collections back to back (pauses of 20–50 ms, p99 delivery 15–45 ms
// where it is 3–4 ms with it; README "Production").
import { setFlagsFromString } from 'node:v8'
import { SERVER_HEAP_GROWING_PERCENT } from '../constants.ts'

const FLAG = '--heap-growing-percent'

/** Sets V8's heap growing percent, unless the process was started with its own. */
export function tuneHeapForServing(execArgv: readonly string[] = process.execArgv): boolean {
  if (execArgv.some((arg) => arg === FLAG || arg.startsWith(`${FLAG}=`))) return false
  setFlagsFromString(`${FLAG}=${SERVER_HEAP_GROWING_PERCENT}`)
  return true
}
