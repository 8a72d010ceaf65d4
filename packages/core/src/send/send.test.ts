import { describe, expect, it, vi } from 'vitest'
import { createStore } from 'zustand/vanilla'
import type { TokenBalance } from '../api/api.ts'
import type { AccountState, ChainState } from '../appkitState.ts'
import type { AdapterEngine } from '../connection/adapter.ts'
import { ErrorText } from '../errors.ts'
import { localChainA } from '../networks.ts'
import { initialPortfolioState, type PortfolioState } from '../portfolio/portfolioState.ts'
import { createToastController } from '../router/toast.ts'
import { checkSend, createSendController } from './send.ts'
import { AmountText } from './sendAmount.ts'
import { initialSendState, NATIVE_TOKEN_KEY, type SendState } from './sendState.ts'

const receiver = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const eth: TokenBalance = {
  name: 'Ether',
  symbol: 'ETH',
  chainId: 'eip155:31337',
  value: 3000,
  price: 3000,
  quantity: { decimals: '18', numeric: '1' },
  iconUrl: '',
}
const usd: TokenBalance = {
  ...eth,
  name: 'Latchkey USD',
  symbol: 'lUSD',
  address: 'eip155:31337:0x5FbDB2315678afecb367f032d93F642f64180aa3',
  quantity: { decimals: '6', numeric: '100.5' },
}
const form = (overrides: Partial<SendState>) => ({ ...initialSendState(), ...overrides })

describe('checkSend (§5, §8)', () => {
  it('needs an amount and a receiver', () => {
    expect(checkSend(form({ amount: '1' }), eth, 'eip155')).toEqual({
      error: 'An amount and receiver address are required',
    })
    expect(checkSend(form({ receiver }), eth, 'eip155')).toEqual({
      error: ErrorText.amountAndReceiverRequired,
    })
  })

  it('needs a token', () => {
    expect(checkSend(form({ amount: '1', receiver }), undefined, 'eip155')).toEqual({
      error: 'A token is required',
    })
  })

  it('refuses namespaces other than EVM and Solana', () => {
    expect(checkSend(form({ amount: '1', receiver }), eth, 'bip122')).toEqual({
      error: 'Unsupported chain',
    })
  })

  it('checks the receiver against the namespace', () => {
    expect(checkSend(form({ amount: '1', receiver: 'nope' }), eth, 'eip155')).toEqual({
      error: ErrorText.invalidReceiver,
    })
    expect(checkSend(form({ amount: '1', receiver }), eth, 'solana')).toEqual({
      error: ErrorText.invalidReceiver,
    })
  })

  it('checks the amount: format, decimals, zero, balance', () => {
    const check = (amount: string, token = usd) =>
      checkSend(form({ amount, receiver }), token, 'eip155')
    expect(check('abc')).toEqual({ error: AmountText.invalid })
    expect(check('1.0000001')).toEqual({ error: AmountText.tooManyDecimals(6) })
    expect(check('0')).toEqual({ error: AmountText.zero })
    expect(check('100.500001')).toEqual({ error: AmountText.exceedsBalance })
    expect(check('100.5')).toMatchObject({ amount: 100_500_000n, to: receiver })
  })
})

describe('the send controller', () => {
  function setup(engine: Partial<AdapterEngine>) {
    const account = createStore<AccountState>(() => ({
      status: 'connected',
      address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
      namespace: 'eip155',
      balanceLoading: false,
    }))
    const chain = createStore<ChainState>(() => ({
      networks: [localChainA],
      activeCaipNetwork: localChainA,
      activeNamespace: 'eip155',
      unsupported: false,
    }))
    const portfolio = createStore<PortfolioState>(() => ({
      ...initialPortfolioState(),
      tokens: [eth, usd],
    }))
    const send = createStore<SendState>(initialSendState)
    const refreshPortfolio = vi.fn(async () => {})
    const controller = createSendController({
      stores: { account, chain, portfolio, send },
      loadEngine: async () => engine as AdapterEngine,
      refreshPortfolio,
      toast: createToastController(),
      track: () => {},
      log: () => {},
    })
    return { controller, send, refreshPortfolio, portfolio }
  }

  it('sends the token through the engine, then resets token, amount and receiver', async () => {
    const sendTransfer = vi.fn(async () => '0xabc')
    const { controller, send, refreshPortfolio, portfolio } = setup({ sendTransfer })
    controller.selectToken(usd.address as string)
    send.setState({ amount: '1.5', receiver })
    expect(await controller.send()).toBe(true)
    expect(sendTransfer).toHaveBeenCalledWith({
      network: localChainA,
      to: receiver,
      amount: 1_500_000n,
      token: { address: '0x5FbDB2315678afecb367f032d93F642f64180aa3', decimals: 6 },
    })
    expect(send.getState()).toMatchObject({
      status: 'sent',
      hash: '0xabc',
      amount: '',
      receiver: '',
    })
    expect(send.getState().tokenKey).toBeUndefined()
    expect(refreshPortfolio).toHaveBeenCalled()
    // The activity shows the send at once, pending until the history lists it.
    const [shown] = portfolio.getState().transactions
    expect(shown?.metadata).toMatchObject({ hash: '0xabc', status: 'pending', sentTo: receiver })
    expect(shown?.transfers[0]).toMatchObject({ direction: 'out', quantity: { numeric: '1.5' } })
    expect(portfolio.getState().pending).toHaveLength(1)
  })

  it('Max keeps the network fee back from the native coin', async () => {
    const getGasPrice = vi.fn(async () => ({
      standard: 10n ** 9n,
      fast: 2n * 10n ** 9n,
      instant: 3n * 10n ** 9n,
    }))
    const { controller, send } = setup({ getGasPrice })
    controller.selectToken(NATIVE_TOKEN_KEY)
    await controller.loadFees()
    controller.setMax()
    // 1 ETH − 21,000 gas × 2 gwei (the fast price)
    expect(send.getState().amount).toBe('0.999958')
  })

  it('a refusal in the wallet keeps the form and says so', async () => {
    const sendTransfer = vi.fn(async () => {
      throw Object.assign(new Error('User rejected the request.'), { code: 4001 })
    })
    const { controller, send } = setup({ sendTransfer })
    controller.selectToken(NATIVE_TOKEN_KEY)
    send.setState({ amount: '0.1', receiver })
    expect(await controller.send()).toBe(false)
    expect(send.getState()).toMatchObject({
      status: 'editing',
      error: ErrorText.userRejected,
      amount: '0.1',
      receiver,
    })
  })

  it('preselects the network coin, else the first token with a balance; a choice stays', () => {
    const { controller, send, portfolio } = setup({})
    portfolio.setState({ tokens: [usd, eth] })
    controller.preselectToken()
    expect(send.getState().tokenKey).toBe(NATIVE_TOKEN_KEY)
    controller.selectToken(usd.address as string)
    controller.preselectToken()
    expect(send.getState().tokenKey).toBe(usd.address)

    // No coin left: the first token with a balance.
    send.setState({ tokenKey: undefined })
    portfolio.setState({ tokens: [{ ...eth, quantity: { decimals: '18', numeric: '0' } }, usd] })
    controller.preselectToken()
    expect(send.getState().tokenKey).toBe(usd.address)

    // Nothing to send: nothing picked.
    send.setState({ tokenKey: undefined })
    portfolio.setState({ tokens: [] })
    controller.preselectToken()
    expect(send.getState().tokenKey).toBeUndefined()
  })

  it('a send to oneself is pending as one entry, neither in nor out', async () => {
    const self = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
    const { controller, send, portfolio } = setup({ sendTransfer: vi.fn(async () => '0xself') })
    controller.selectToken(NATIVE_TOKEN_KEY)
    send.setState({ amount: '0.5', receiver: self.toLowerCase() })
    expect(await controller.send()).toBe(true)
    expect(portfolio.getState().pending).toHaveLength(1)
    expect(portfolio.getState().pending[0]?.transfers).toMatchObject([
      { direction: 'self', quantity: { numeric: '0.5' } },
    ])
  })

  it('keeps at most 99 pending sends, dropping the oldest (§9)', async () => {
    let n = 0
    const sendTransfer = vi.fn(async () => `0x${(++n).toString(16).padStart(4, '0')}`)
    const { controller, send, portfolio } = setup({ sendTransfer })
    for (let i = 0; i < 100; i++) {
      controller.selectToken(NATIVE_TOKEN_KEY)
      send.setState({ amount: '0.001', receiver })
      expect(await controller.send()).toBe(true)
    }
    const pending = portfolio.getState().pending.map((t) => t.metadata.hash)
    expect(pending).toHaveLength(99)
    expect(pending[0]).toBe('0x0064')
    expect(pending).not.toContain('0x0001')
  })

  it("says what the wallet said (viem's short message), else 'An error occurred'", async () => {
    const failing = (thrown: unknown) => vi.fn(async () => Promise.reject(thrown))
    const cases: [unknown, string][] = [
      [
        Object.assign(new Error('long details…'), { shortMessage: 'Nonce too low' }),
        'Nonce too low',
      ],
      [new Error('Insufficient funds for gas'), 'Insufficient funds for gas'],
      [{}, 'An error occurred'],
    ]
    for (const [thrown, shown] of cases) {
      const { controller, send } = setup({ sendTransfer: failing(thrown) })
      controller.selectToken(NATIVE_TOKEN_KEY)
      send.setState({ amount: '0.1', receiver })
      expect(await controller.send()).toBe(false)
      expect(send.getState().error).toBe(shown)
    }
  })
})
