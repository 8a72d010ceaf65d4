// §2 Going back from ConnectingFarcaster while not connected reloads the auth connector (the
// frame starts over: the Farcaster channel and its wait go with its page) and resyncs the dapp
// data after 100 ms. The new page knows nothing of the old one's data, and a request posted
// before it said FRAME_READY is lost with the old one: the resync goes after 100 ms and once the
// frame is back (at most the frame's load time).
import type { FrameClient } from '@latchkey/frame/host'
import { FARCASTER_BACK_RESYNC_DELAY_MS, FRAME_LOAD_TIMEOUT_MS } from '../constants.ts'

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/** The frame's next FRAME_READY (true), or false after `timeoutMs` without one or a cancel */
function nextReady(client: Pick<FrameClient, 'onSignal'>, timeoutMs: number) {
  let end: (ready: boolean) => void = () => undefined
  const ready = new Promise<boolean>((resolve) => {
    const stop = client.onSignal((type) => {
      if (type === 'FRAME_READY') end(true)
    })
    const timer = setTimeout(() => end(false), timeoutMs)
    end = (back) => {
      clearTimeout(timer)
      stop()
      resolve(back)
    }
  })
  return { ready, cancel: () => end(false) }
}

/**
 * APP_RELOAD, then `resync` 100 ms later, once the reloaded frame is ready. Resolves when done;
 * rejects when the frame did not take APP_RELOAD (the frame is then as it was).
 */
export async function reloadFrame(
  client: Pick<FrameClient, 'onSignal' | 'request'>,
  resync: () => Promise<void>,
  log: (message: string, detail?: unknown) => void,
): Promise<void> {
  const back = nextReady(client, FRAME_LOAD_TIMEOUT_MS)
  try {
    await client.request('APP_RELOAD', {})
  } catch (error) {
    back.cancel()
    throw error
  }
  const [ready] = await Promise.all([back.ready, delay(FARCASTER_BACK_RESYNC_DELAY_MS)])
  if (!ready) log('the wallet frame did not come back after its reload; resyncing anyway')
  await resync()
}
