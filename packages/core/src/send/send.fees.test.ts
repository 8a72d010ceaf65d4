import { describe, expect, it } from 'vitest'
import { localSolana } from '../networks.ts'
import { RECEIVER, SOL_RECEIVER, setupSend, spl, usd } from '../testing/sendSetup.ts'
import { NATIVE_TOKEN_KEY } from './sendState.ts'

const gwei = 10n ** 9n
const gasPrice = { standard: 1n * gwei, fast: 2n * gwei, instant: 3n * gwei }

describe('the network fee (§5)', () => {
  it("a token transfer is priced at 65,000 gas at the wallet's fast price", async () => {
    const { controller, send } = setupSend({ engine: { getGasPrice: async () => gasPrice } })
    controller.selectToken(usd.address as string)
    await controller.loadFees()
    expect(send.getState()).toMatchObject({ gasPrice, fee: 65_000n * 2n * gwei })
  })

  it("the network coin's at 21,000 gas", async () => {
    const { controller, send } = setupSend({ engine: { getGasPrice: async () => gasPrice } })
    controller.selectToken(NATIVE_TOKEN_KEY)
    await controller.loadFees()
    expect(send.getState()).toMatchObject({ gasPrice, fee: 21_000n * 2n * gwei })
  })

  it("Solana's is one signature, 5,000 lamports, with no gas price", async () => {
    const { controller, send } = setupSend({ network: localSolana })
    send.setState({ gasPrice })
    controller.selectToken(NATIVE_TOKEN_KEY)
    await controller.loadFees()
    expect(send.getState().fee).toBe(5_000n)
    expect(send.getState().gasPrice).toBeUndefined()
  })

  it('a wallet without a gas price leaves no fee', async () => {
    const { controller, send, logs } = setupSend({ engine: { getGasPrice: undefined } })
    controller.selectToken(NATIVE_TOKEN_KEY)
    await controller.loadFees()
    expect(send.getState().fee).toBeUndefined()
    expect(logs).toEqual([])
  })

  it('a failing gas price is logged and the form goes on without a fee', async () => {
    const failure = new Error('rpc down')
    const { controller, send, logs, fill } = setupSend({
      engine: { getGasPrice: () => Promise.reject(failure) },
    })
    fill(NATIVE_TOKEN_KEY, '0.1', RECEIVER)
    await controller.loadFees()
    expect(send.getState().fee).toBeUndefined()
    expect(send.getState()).toMatchObject({ status: 'editing', error: undefined })
    expect(logs).toContainEqual({ message: 'gas price failed', detail: failure })
    expect(await controller.send()).toBe(true)
  })

  it('picking a token clears the error and returns from a finished send to the form', async () => {
    const { controller, send, fill } = setupSend()
    fill(NATIVE_TOKEN_KEY, '0.1', RECEIVER)
    expect(await controller.send()).toBe(true)
    send.setState({ error: 'Insufficient balance' })
    controller.selectToken(usd.address as string)
    expect(send.getState()).toMatchObject({
      tokenKey: usd.address,
      status: 'editing',
      error: undefined,
    })
  })
})

describe('Max (§5)', () => {
  it('of a token is its whole balance, whatever the fee', async () => {
    const { controller, send } = setupSend({ engine: { getGasPrice: async () => gasPrice } })
    controller.selectToken(usd.address as string)
    await controller.loadFees()
    controller.setMax()
    expect(send.getState().amount).toBe('100.5')
  })

  it('of the coin keeps the fee back, and never goes below 0', async () => {
    const huge = { standard: 10n ** 18n, fast: 10n ** 18n, instant: 10n ** 18n }
    const { controller, send } = setupSend({ engine: { getGasPrice: async () => huge } })
    controller.selectToken(NATIVE_TOKEN_KEY)
    await controller.loadFees()
    controller.setMax()
    expect(send.getState().amount).toBe('0')
  })

  it('of the coin without a known fee is the whole balance', () => {
    const { controller, send } = setupSend({ engine: { getGasPrice: undefined } })
    controller.selectToken(NATIVE_TOKEN_KEY)
    controller.setMax()
    expect(send.getState().amount).toBe('1')
  })

  it('of SOL keeps one signature back; of an SPL token, nothing', async () => {
    const { controller, send } = setupSend({ network: localSolana })
    controller.selectToken(NATIVE_TOKEN_KEY)
    await controller.loadFees()
    controller.setMax()
    expect(send.getState().amount).toBe('1.999995')
    controller.selectToken(spl.address as string)
    await controller.loadFees()
    controller.setMax()
    expect(send.getState().amount).toBe('5')
  })

  it('clears the error the amount had, and what it fills in can be sent', async () => {
    const { controller, send, fill, transfers } = setupSend({
      network: localSolana,
    })
    fill(NATIVE_TOKEN_KEY, '3', SOL_RECEIVER)
    await controller.loadFees()
    expect(await controller.validate()).toBe(false)
    controller.setMax()
    expect(send.getState().error).toBeUndefined()
    expect(await controller.send()).toBe(true)
    expect(transfers[0]?.amount).toBe(1_999_995_000n)
  })

  it('of a token whose balance cannot be read is 0, and nothing of it can be sent', async () => {
    const odd = { ...usd, quantity: { decimals: '6', numeric: '0.0000001' } }
    const { controller, send, fill } = setupSend({ tokens: [odd] })
    fill(usd.address as string, '0.000001', RECEIVER)
    expect(await controller.validate()).toBe(false)
    expect(send.getState().error).toBe('Insufficient balance')
    controller.setMax()
    expect(send.getState().amount).toBe('0')
  })

  it('without a token changes nothing', () => {
    const { controller, send } = setupSend()
    send.setState({ amount: '4' })
    controller.setMax()
    expect(send.getState().amount).toBe('4')
  })
})
