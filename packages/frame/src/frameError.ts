/**
 * An error of the embedded wallet's frame with a message meant for the host and the visitor:
 * the frame answers with it as it is, and the host (core) rejects the app's request with it.
 * `code` is the EIP-1193 / JSON-RPC code when there is one (4001 for a rejection); it is absent
 * otherwise.
 */
export class FrameError extends Error {
  override name = 'FrameError'
  declare code?: number

  constructor(message: string, code?: number) {
    super(message)
    if (code !== undefined) this.code = code
  }
}
