// When the relay is not there or turns the visitor away for a reason of its own (§4, §8): what
// the visitor is shown, and that they can connect once it is back. Our real relay, behind a small
// front that plays the relay's outage or refusal.

import { createServer, type Server } from 'node:http'
import { connect } from 'node:net'
import type { Duplex } from 'node:stream'
import { findFreePort } from '@latchkey/devnet'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { WebSocketServer } from 'ws'
import { ErrorText } from '../errors.ts'
import { useRealRelay, WAIT, WALLET_ADDRESS } from '../testing/walletConnectRelay.ts'

const { app, mobileWallet, relayUrl } = useRealRelay()

/** What the front does with each relay connection, in turn; after the list: pass it on. */
type Answer = 'refuse' | 'pass'

const fronts: Server[] = []
const sockets = new Set<Duplex>()
afterEach(async () => {
  for (const socket of sockets) socket.destroy()
  sockets.clear()
  for (const front of fronts.splice(0)) await new Promise((resolve) => front.close(resolve))
})

/** A relay in front of ours: refuses the first connections as `answers` say, like a full relay. */
async function relayFront(answers: Answer[], port = 0) {
  const refuser = new WebSocketServer({ noServer: true })
  const real = new URL(relayUrl())
  const front = createServer()
  front.on('upgrade', (request, socket, head) => {
    sockets.add(socket)
    if ((answers.shift() ?? 'pass') === 'refuse') {
      refuser.handleUpgrade(request, socket, head, (ws) => ws.close(3000, 'Relay is at capacity'))
      return
    }
    const upstream = connect(Number(real.port), real.hostname, () => {
      sockets.add(upstream)
      const lines = [`${request.method} ${request.url} HTTP/1.1`]
      for (let i = 0; i < request.rawHeaders.length; i += 2) {
        lines.push(`${request.rawHeaders[i]}: ${request.rawHeaders[i + 1]}`)
      }
      upstream.write(`${lines.join('\r\n')}\r\n\r\n`)
      upstream.write(head)
      socket.pipe(upstream).pipe(socket)
    })
    socket.on('error', () => upstream.destroy())
    upstream.on('error', () => socket.destroy())
  })
  fronts.push(front)
  await new Promise<void>((resolve) => front.listen(port, '127.0.0.1', resolve))
  const url = new URL(relayUrl())
  url.port = String((front.address() as { port: number }).port)
  return url.href
}

describe('WalletConnect when the relay is not there for the visitor', () => {
  it("a relay that turns the visitor away for its own reason: 'Failed to connect', its reason logged, no setup alert; Try again connects", async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    vi.spyOn(console, 'log').mockImplementation(() => {})
    const front = await relayFront(['refuse'])
    const { kit, offer, events } = app({ adapters: [], relayUrl: front, debug: true })
    await kit.walletConnect.start()
    expect(kit.stores.account.getState()).toMatchObject({
      status: 'disconnected',
      connectError: { rejected: false, message: ErrorText.failedToConnect },
    })
    expect(events.map((e) => e.event)).toContain('CONNECT_ERROR')
    expect(kit.stores.alerts.getState().alerts).toEqual([])
    expect(warn.mock.calls.map((call) => call.map(String).join(' '))).toContainEqual(
      expect.stringMatching(/^\[latchkey\] WalletConnect relay error .*Relay is at capacity/),
    )

    // The relay takes visitors again: the retry offers a pairing and a wallet connects.
    const pairing = kit.walletConnect.start()
    const wallet = await mobileWallet()
    await wallet.pair((await offer()).uri)
    await pairing
    expect(kit.stores.account.getState()).toMatchObject({
      status: 'connected',
      address: WALLET_ADDRESS,
    })
  })

  it('a relay that is down when the visitor starts: connecting, no error; once it is up the offer shows and a wallet connects', async () => {
    const port = await findFreePort()
    const down = new URL(relayUrl())
    down.port = String(port)
    const { kit, offer } = app({ adapters: [], relayUrl: down.href })
    const pairing = kit.walletConnect.start()
    await new Promise((resolve) => setTimeout(resolve, 1_000))
    expect(kit.stores.account.getState()).toMatchObject({
      status: 'connecting',
      connectError: undefined,
    })
    expect(kit.stores.walletConnect.getState().offer).toBeUndefined()
    expect(kit.stores.alerts.getState().alerts).toEqual([])

    await relayFront([], port)
    const wallet = await mobileWallet()
    await wallet.pair((await offer()).uri)
    await pairing
    await vi.waitFor(() => expect(kit.stores.account.getState().status).toBe('connected'), WAIT)
  })
})
