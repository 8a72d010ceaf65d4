// Cleanup for the bench's servers, browsers and temp dirs.

/**
 * Runs every step in order even when one fails. A failure is logged and fails the process
 * (exit code 1) without hiding the error that led to the cleanup, if any.
 */
export async function closeAll(steps: (() => Promise<unknown> | undefined)[]): Promise<void> {
  for (const step of steps) {
    try {
      await step()
    } catch (error) {
      console.error('[bench] cleanup failed:', error)
      process.exitCode = 1
    }
  }
}
