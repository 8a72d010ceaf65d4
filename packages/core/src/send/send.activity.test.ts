import { describe, expect, it } from 'vitest'
import type { Transaction } from '../api/api.ts'
import { ErrorText } from '../errors.ts'
import { localChainA, localSolana } from '../networks.ts'
import {
  eth,
  RECEIVER,
  SENDER,
  SOL_RECEIVER,
  SOL_SENDER,
  setupSend,
  sol,
  usd,
} from '../testing/sendSetup.ts'
import { NATIVE_TOKEN_KEY } from './sendState.ts'

describe('the activity entry written after a send (§4)', () => {
  it('shows what was sent, from whom, to whom and its worth, pending', async () => {
    const { controller, fill, portfolio } = setupSend()
    fill(usd.address as string, '2.5', RECEIVER)
    const before = Date.now()
    expect(await controller.send()).toBe(true)
    const after = Date.now()
    const [entry] = portfolio.getState().transactions
    expect(entry).toEqual({
      id: '0xabc',
      metadata: {
        minedAt: expect.any(String),
        chain: localChainA.caipNetworkId,
        hash: '0xabc',
        sentFrom: SENDER,
        sentTo: RECEIVER,
        status: 'pending',
        operationType: 'send',
      },
      transfers: [
        {
          direction: 'out',
          fungible_info: {
            name: 'Latchkey USD',
            symbol: 'lUSD',
            icon: { url: 'https://icons.example/lusd.png' },
          },
          quantity: { numeric: '2.5' },
          value: 2.5,
          price: 1,
        },
      ],
    })
    const minedAt = Date.parse(entry?.metadata.minedAt ?? '')
    expect(minedAt).toBeGreaterThanOrEqual(before)
    expect(minedAt).toBeLessThanOrEqual(after)
    expect(portfolio.getState().pending).toEqual([entry])
  })

  it('an amount typed with a decimal comma is shown with a point, and priced', async () => {
    const { controller, fill, portfolio, transfers } = setupSend()
    fill(NATIVE_TOKEN_KEY, ' 0,5 ', RECEIVER)
    expect(await controller.send()).toBe(true)
    expect(transfers[0]?.amount).toBe(500_000_000_000_000_000n)
    expect(portfolio.getState().pending[0]?.transfers[0]).toMatchObject({
      quantity: { numeric: '0.5' },
      value: 0.5 * eth.price,
    })
  })

  it('the new send comes first, before the history already shown', async () => {
    const { controller, fill, portfolio } = setupSend()
    const older = { id: '0xold', metadata: { hash: '0xold' } } as Transaction
    portfolio.setState({ transactions: [older], pending: [] })
    fill(NATIVE_TOKEN_KEY, '0.1', RECEIVER)
    expect(await controller.send()).toBe(true)
    expect(portfolio.getState().transactions.map((t) => t.id)).toEqual(['0xabc', '0xold'])
  })

  it('a wallet reporting its EVM address in lower case still sends to itself', async () => {
    const { controller, fill, portfolio } = setupSend({ address: SENDER.toLowerCase() })
    fill(NATIVE_TOKEN_KEY, '0.1', SENDER)
    expect(await controller.send()).toBe(true)
    expect(portfolio.getState().pending[0]?.transfers[0]?.direction).toBe('self')
  })

  it("on Solana, case matters: an address differing only in case is someone else's", async () => {
    const { controller, fill, portfolio } = setupSend({ network: localSolana, tokens: [sol] })
    const other = SOL_SENDER.replace('mpG', 'mPG')
    fill(NATIVE_TOKEN_KEY, '0.1', other)
    expect(await controller.send()).toBe(true)
    fill(NATIVE_TOKEN_KEY, '0.1', SOL_SENDER)
    expect(await controller.send()).toBe(true)
    fill(NATIVE_TOKEN_KEY, '0.1', SOL_RECEIVER)
    expect(await controller.send()).toBe(true)
    const directions = portfolio.getState().pending.map((t) => t.transfers[0]?.direction)
    expect(directions).toEqual(['out', 'self', 'out'])
    expect(portfolio.getState().pending[0]?.metadata).toMatchObject({
      chain: localSolana.caipNetworkId,
      sentFrom: SOL_SENDER,
      sentTo: SOL_RECEIVER,
    })
  })

  it('a failed send writes no entry', async () => {
    const { controller, fill, portfolio } = setupSend({
      engine: { sendTransfer: () => Promise.reject(new Error('nonce too low')) },
    })
    fill(NATIVE_TOKEN_KEY, '0.1', RECEIVER)
    expect(await controller.send()).toBe(false)
    expect(portfolio.getState()).toMatchObject({ transactions: [], pending: [] })
  })
})

describe('what a send tracks and tells the visitor', () => {
  it('a send tracks its start and success on the network, then refreshes the balances', async () => {
    const { controller, fill, events, refreshes } = setupSend()
    fill(NATIVE_TOKEN_KEY, '0.1', RECEIVER)
    expect(await controller.send()).toBe(true)
    expect(events).toEqual([
      { event: 'SEND_INITIATED', properties: { network: 'eip155:31337' } },
      { event: 'SEND_SUCCESS', properties: { network: 'eip155:31337' } },
    ])
    expect(refreshes()).toBe(1)
  })

  it('the form shows it is sending while the wallet is asked', async () => {
    let seen: unknown
    const { controller, fill, send } = setupSend({
      engine: {
        sendTransfer: async () => {
          seen = { ...send.getState() }
          return '0xabc'
        },
      },
    })
    fill(NATIVE_TOKEN_KEY, '0.1', RECEIVER)
    send.setState({ error: 'an earlier error' })
    expect(await controller.send()).toBe(true)
    expect(seen).toMatchObject({ status: 'sending', error: undefined })
  })

  it('a refusal tracks the error, toasts it and keeps the form', async () => {
    const { controller, fill, events, toast, send, logs, refreshes } = setupSend({
      engine: {
        sendTransfer: () =>
          Promise.reject(Object.assign(new Error('User rejected.'), { code: 4001 })),
      },
    })
    fill(NATIVE_TOKEN_KEY, '0.1', RECEIVER)
    expect(await controller.send()).toBe(false)
    expect(events).toEqual([
      { event: 'SEND_INITIATED', properties: { network: 'eip155:31337' } },
      { event: 'SEND_ERROR', properties: { message: ErrorText.userRejected } },
    ])
    expect(toast.getState()).toMatchObject({
      open: true,
      variant: 'error',
      message: ErrorText.userRejected,
    })
    expect(send.getState()).toMatchObject({ status: 'editing', amount: '0.1', receiver: RECEIVER })
    expect(logs.map((l) => l.message)).toContain('send failed')
    expect(refreshes()).toBe(0)
  })

  it('a wallet that cannot be loaded fails the send like a refusal', async () => {
    const { controller, fill, send, toast } = setupSend({
      loadEngine: () => Promise.reject(new Error('The wallet went away')),
    })
    fill(NATIVE_TOKEN_KEY, '0.1', RECEIVER)
    expect(await controller.send()).toBe(false)
    expect(send.getState()).toMatchObject({ status: 'editing', error: 'The wallet went away' })
    expect(toast.getState().message).toBe('The wallet went away')
  })

  it('a balance refresh failing after the send does not fail it', async () => {
    const { controller, fill, send } = setupSend({
      refreshPortfolio: () => Promise.reject(new Error('offline')),
    })
    fill(NATIVE_TOKEN_KEY, '0.1', RECEIVER)
    expect(await controller.send()).toBe(true)
    expect(send.getState()).toMatchObject({ status: 'sent', hash: '0xabc' })
  })

  it('an amount typed in Persian digits is sent and written down in Latin ones', async () => {
    const { controller, fill, portfolio, transfers } = setupSend()
    fill(usd.address as string, '۲٫۵', RECEIVER)
    expect(await controller.send()).toBe(true)
    expect(transfers.at(-1)).toMatchObject({ amount: 2_500_000n })
    expect(portfolio.getState().transactions[0]?.transfers[0]).toMatchObject({
      quantity: { numeric: '2.5' },
      value: 2.5,
    })
  })
})
