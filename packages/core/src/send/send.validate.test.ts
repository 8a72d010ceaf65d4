import { describe, expect, it } from 'vitest'
import { ErrorText } from '../errors.ts'
import { localChainB, localSolana } from '../networks.ts'
import {
  eth,
  RECEIVER,
  SOL_RECEIVER,
  setupSend,
  sol,
  spl,
  splMint,
  usd,
  usdOnB,
} from '../testing/sendSetup.ts'
import { initialSendState, NATIVE_TOKEN_KEY } from './sendState.ts'

describe('validate: the preview opens only for a form that passes (§5)', () => {
  it('an empty form stays closed and says what is missing', async () => {
    const { controller, send } = setupSend()
    expect(await controller.validate()).toBe(false)
    expect(send.getState()).toMatchObject({
      status: 'editing',
      error: ErrorText.amountAndReceiverRequired,
    })
  })

  it('a form with only blanks in it is empty', async () => {
    const { controller, send, fill } = setupSend()
    fill(NATIVE_TOKEN_KEY, '   ', RECEIVER)
    expect(await controller.validate()).toBe(false)
    expect(send.getState().error).toBe(ErrorText.amountAndReceiverRequired)
    fill(NATIVE_TOKEN_KEY, '0.1', '  ')
    expect(await controller.validate()).toBe(false)
    expect(send.getState().error).toBe(ErrorText.amountAndReceiverRequired)
  })

  it('a complete form passes without an error, whatever blanks surround the receiver', async () => {
    const { controller, send, fill } = setupSend()
    fill(usd.address as string, ' 1.5 ', `  ${RECEIVER}  `)
    expect(await controller.validate()).toBe(true)
    expect(send.getState().error).toBeUndefined()
  })

  it('says the amount is too high, and nothing is asked of the wallet', async () => {
    const { controller, send, fill, transfers, events } = setupSend()
    fill(NATIVE_TOKEN_KEY, '1.000000000000000001', RECEIVER)
    expect(await controller.validate()).toBe(false)
    expect(send.getState().error).toBe('Insufficient balance')
    expect(await controller.send()).toBe(false)
    expect(send.getState()).toMatchObject({ status: 'editing', error: 'Insufficient balance' })
    expect(transfers).toEqual([])
    expect(events).toEqual([])
  })

  it('send checks the form itself, without validate first', async () => {
    const { controller, send, fill, transfers } = setupSend()
    fill(NATIVE_TOKEN_KEY, '', RECEIVER)
    expect(await controller.send()).toBe(false)
    expect(send.getState()).toMatchObject({
      status: 'editing',
      error: ErrorText.amountAndReceiverRequired,
    })
    expect(transfers).toEqual([])
  })

  it('refuses a send while no account namespace is known', async () => {
    const { controller, send, fill, account } = setupSend()
    fill(NATIVE_TOKEN_KEY, '0.1', RECEIVER)
    account.setState({ namespace: undefined })
    expect(await controller.validate()).toBe(false)
    expect(send.getState().error).toBe(ErrorText.unsupportedChain)
  })

  it('an EVM address typed without 0x is sent with it', async () => {
    const { controller, fill, transfers } = setupSend()
    fill(NATIVE_TOKEN_KEY, '0.25', RECEIVER.slice(2))
    expect(await controller.validate()).toBe(true)
    expect(await controller.send()).toBe(true)
    expect(transfers).toEqual([
      expect.objectContaining({ to: RECEIVER, amount: 250_000_000_000_000_000n, token: undefined }),
    ])
  })
})

describe('the tokens the form offers: the active network, with a balance', () => {
  it("a token of another network is not the form's token", async () => {
    const { controller, send, fill, chain } = setupSend()
    fill(usd.address as string, '1', RECEIVER)
    expect(await controller.validate()).toBe(true)
    // The same contract, on the network the visitor switches to, is another token.
    chain.setState({ activeCaipNetwork: localChainB })
    expect(await controller.validate()).toBe(false)
    expect(send.getState().error).toBe(ErrorText.tokenRequired)
    // …so a form without a token there gets that network's own.
    controller.preselectToken()
    expect(send.getState().tokenKey).toBe(usdOnB.address)
  })

  it('a token with nothing left cannot be sent, nor picked', async () => {
    const empty = { ...usd, quantity: { decimals: '6', numeric: '0' } }
    const { controller, send, fill } = setupSend({ tokens: [empty] })
    fill(usd.address as string, '1', RECEIVER)
    expect(await controller.validate()).toBe(false)
    expect(send.getState().error).toBe(ErrorText.tokenRequired)
    send.setState({ tokenKey: undefined })
    controller.preselectToken()
    expect(send.getState().tokenKey).toBeUndefined()
  })

  it('preselects a token of the active network only', () => {
    const { controller, send } = setupSend({ tokens: [usdOnB, eth] })
    controller.preselectToken()
    expect(send.getState().tokenKey).toBe(NATIVE_TOKEN_KEY)
  })

  it('Max on a token of another network changes nothing', () => {
    const { controller, send, chain, fill } = setupSend()
    fill(usd.address as string, '3', RECEIVER)
    chain.setState({ activeCaipNetwork: localChainB })
    controller.setMax()
    expect(send.getState().amount).toBe('3')
  })
})

describe('reset: the form as it first opened', () => {
  it('forgets the token, amount, receiver, error, fee and the last send', async () => {
    const gasPrice = { standard: 1n, fast: 2n, instant: 3n }
    const { controller, send, fill } = setupSend({ engine: { getGasPrice: async () => gasPrice } })
    fill(NATIVE_TOKEN_KEY, '0.5', RECEIVER)
    await controller.loadFees()
    expect(await controller.send()).toBe(true)
    fill(usd.address as string, '', RECEIVER)
    await controller.loadFees()
    await controller.validate()
    expect(send.getState()).toMatchObject({ status: 'editing', hash: '0xabc', fee: 130_000n })
    controller.reset()
    expect(send.getState()).toStrictEqual(initialSendState())
  })
})

describe('Solana sends', () => {
  it('an SPL token is sent by its mint, to a base58 receiver', async () => {
    const { controller, fill, transfers } = setupSend({ network: localSolana })
    fill(spl.address as string, '1.25', SOL_RECEIVER)
    expect(await controller.validate()).toBe(true)
    expect(await controller.send()).toBe(true)
    expect(transfers).toEqual([
      {
        network: localSolana,
        to: SOL_RECEIVER,
        amount: 1_250_000n,
        token: { address: splMint, decimals: 6 },
      },
    ])
  })

  it('an EVM receiver is refused on Solana', async () => {
    const { controller, send, fill } = setupSend({ network: localSolana, tokens: [sol] })
    fill(NATIVE_TOKEN_KEY, '1', RECEIVER)
    expect(await controller.validate()).toBe(false)
    expect(send.getState().error).toBe(ErrorText.invalidReceiver)
  })
})
