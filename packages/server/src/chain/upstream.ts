// One HTTP request to a chain's node (a Solana RPC, an Esplora API) with the data API's timeout:
// its body as text, or `fail(reason)` thrown when the node does not answer or answers an error.
import { RPC_UPSTREAM_TIMEOUT_MS } from '../constants.ts'

export async function upstreamText(
  url: string,
  init: RequestInit,
  fail: (reason: string) => Error,
  timeoutMs = RPC_UPSTREAM_TIMEOUT_MS,
): Promise<string> {
  let response: Response
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) })
  } catch (error) {
    throw fail(`no answer from ${url}: ${(error as Error).message}`)
  }
  if (!response.ok) {
    await response.body?.cancel()
    throw fail(`HTTP ${response.status} from ${url}`)
  }
  try {
    return await response.text()
  } catch (error) {
    throw fail(`no answer from ${url}: ${(error as Error).message}`)
  }
}
