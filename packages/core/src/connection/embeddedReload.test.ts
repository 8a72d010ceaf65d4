// §2 The auth connector reloads (going back from ConnectingFarcaster): APP_RELOAD at once, the
// dapp data (and theme) again after 100 ms once the frame is back; asked meanwhile, the frame
// answers only after. Scripted frame host (testing/embeddedConnection.ts), fake timers.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { FARCASTER_BACK_RESYNC_DELAY_MS, FRAME_LOAD_TIMEOUT_MS } from '../constants.ts'
import { embeddedConnection } from '../testing/embeddedConnection.ts'

const kits: { destroy(): void }[] = []
beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
  for (const kit of kits.splice(0)) kit.destroy()
})

function loaded() {
  const made = embeddedConnection({
    replies: {
      APP_SYNC_DAPP_DATA: () => ({}),
      APP_SYNC_THEME: () => ({}),
      APP_RELOAD: () => ({}),
      APP_GET_CHAIN_ID: () => ({ chainId: 31337 }),
    },
  })
  kits.push(made.kit)
  return made
}

const types = (requests: [string, unknown][]) => requests.map(([type]) => type)

describe('reloading the embedded wallet', () => {
  it('reloads at once; the dapp data and theme follow 100 ms later, the frame back by then', async () => {
    const { controller, frame } = loaded()
    await controller.embeddedWallet()
    frame.requests.length = 0
    const done = controller.reloadEmbedded()
    await vi.advanceTimersByTimeAsync(0)
    expect(types(frame.requests)).toEqual(['APP_RELOAD'])
    frame.signal('FRAME_READY')
    await vi.advanceTimersByTimeAsync(FARCASTER_BACK_RESYNC_DELAY_MS - 1)
    expect(types(frame.requests)).toEqual(['APP_RELOAD'])
    await vi.advanceTimersByTimeAsync(1)
    await done
    expect(types(frame.requests)).toEqual(['APP_RELOAD', 'APP_SYNC_DAPP_DATA', 'APP_SYNC_THEME'])
    expect(frame.listeners.size).toBe(0)
  })

  it('a frame slower than 100 ms to come back is resynced once it is; asked meanwhile, it waits', async () => {
    const { controller, frame } = loaded()
    await controller.embeddedWallet()
    frame.requests.length = 0
    void controller.reloadEmbedded()
    await vi.advanceTimersByTimeAsync(500)
    expect(types(frame.requests)).toEqual(['APP_RELOAD'])
    const asked = controller
      .embeddedWallet()
      .then((session) => session.client.request('APP_GET_CHAIN_ID', {}))
    await vi.advanceTimersByTimeAsync(500)
    expect(types(frame.requests)).toEqual(['APP_RELOAD'])
    frame.signal('FRAME_READY')
    await asked
    expect(types(frame.requests)).toEqual([
      'APP_RELOAD',
      'APP_SYNC_DAPP_DATA',
      'APP_SYNC_THEME',
      'APP_GET_CHAIN_ID',
    ])
  })

  it('a frame that never says it is back is resynced after its load time all the same', async () => {
    const { controller, frame, logs } = loaded()
    await controller.embeddedWallet()
    frame.requests.length = 0
    void controller.reloadEmbedded()
    await vi.advanceTimersByTimeAsync(FRAME_LOAD_TIMEOUT_MS - 1)
    expect(types(frame.requests)).toEqual(['APP_RELOAD'])
    await vi.advanceTimersByTimeAsync(1)
    expect(types(frame.requests)).toEqual(['APP_RELOAD', 'APP_SYNC_DAPP_DATA', 'APP_SYNC_THEME'])
    expect(logs.map(([message]) => message)).toContain(
      'the wallet frame did not come back after its reload; resyncing anyway',
    )
  })

  it('asked again while reloading, it waits for the same reload; asked after, it reloads again', async () => {
    const { controller, frame } = loaded()
    await controller.embeddedWallet()
    frame.requests.length = 0
    void controller.reloadEmbedded()
    let again = false
    const second = controller.reloadEmbedded().then(() => {
      again = true
    })
    await vi.advanceTimersByTimeAsync(0)
    expect(types(frame.requests)).toEqual(['APP_RELOAD'])
    expect(again).toBe(false)
    frame.signal('FRAME_READY')
    await vi.advanceTimersByTimeAsync(FARCASTER_BACK_RESYNC_DELAY_MS)
    await second
    expect(types(frame.requests)).toEqual(['APP_RELOAD', 'APP_SYNC_DAPP_DATA', 'APP_SYNC_THEME'])

    frame.requests.length = 0
    const third = controller.reloadEmbedded()
    await vi.advanceTimersByTimeAsync(0)
    expect(types(frame.requests)).toEqual(['APP_RELOAD'])
    frame.signal('FRAME_READY')
    await vi.advanceTimersByTimeAsync(FARCASTER_BACK_RESYNC_DELAY_MS)
    await third
    expect(types(frame.requests)).toEqual(['APP_RELOAD', 'APP_SYNC_DAPP_DATA', 'APP_SYNC_THEME'])
  })

  it('a frame never loaded is not made for it; one refusing APP_RELOAD is left as it is', async () => {
    const { controller, frame, logs } = loaded()
    await controller.reloadEmbedded()
    expect(frame.made).toHaveLength(0)

    const refusing = embeddedConnection({
      replies: { APP_SYNC_DAPP_DATA: () => ({}), APP_SYNC_THEME: () => ({}) },
    })
    kits.push(refusing.kit)
    await refusing.controller.embeddedWallet()
    await refusing.controller.reloadEmbedded()
    expect(types(refusing.frame.requests).slice(2)).toEqual(['APP_RELOAD'])
    expect(refusing.frame.listeners.size).toBe(0)
    expect(vi.getTimerCount()).toBe(0)
    expect(refusing.logs.map(([message]) => message)).toContain('the wallet frame did not reload')
    expect(logs).toEqual([])
  })
})
