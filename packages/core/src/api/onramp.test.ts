import { describe, expect, it } from 'vitest'
import { toOnrampOptions, toOnrampOrder, toOnrampQuote, toOnrampUrl } from './onramp.ts'

describe('onramp answers (§7), checked', () => {
  it('keeps well-formed options and drops malformed entries', () => {
    const card = { id: 'card', name: 'Card', feePercent: 2, limits: { min: 10, max: 7500 } }
    const eth = {
      symbol: 'ETH',
      name: 'Ether',
      decimals: 18,
      network: 'eip155:1',
      address: null,
      price: 3000,
    }
    expect(
      toOnrampOptions({
        providers: [],
        paymentMethods: [card, { ...card, limits: { min: 'x', max: 1 } }, null],
        paymentCurrencies: [{ id: 'USD' }, { id: '' }, 'EUR'],
        purchaseCurrencies: [eth, { ...eth, decimals: 1.5 }, { ...eth, address: 7 }],
      }),
    ).toEqual({
      providers: [],
      paymentMethods: [card],
      paymentCurrencies: ['USD'],
      purchaseCurrencies: [eth],
    })
    expect(toOnrampOptions({ paymentMethods: [] })).toBeUndefined()
    expect(toOnrampOptions('x')).toBeUndefined()
  })

  it('takes a quote only with decimal amounts and a numeric rate', () => {
    const quote = {
      paymentTotal: '100.00',
      paymentSubtotal: '98.00',
      fee: '2.00',
      purchaseAmount: '0.0326',
      rate: 3000,
    }
    expect(toOnrampQuote(quote)).toEqual(quote)
    expect(toOnrampQuote({ ...quote, fee: '-2' })).toBeUndefined()
    expect(toOnrampQuote({ ...quote, purchaseAmount: '1e3' })).toBeUndefined()
    expect(toOnrampQuote({ ...quote, rate: '3000' })).toBeUndefined()
  })

  it('opens only an http(s) checkout URL', () => {
    expect(toOnrampUrl({ url: 'https://pay.example/c/1', orderId: '1' })).toEqual({
      url: 'https://pay.example/c/1',
      orderId: '1',
    })
    for (const url of ['javascript:alert(1)', 'data:text/html,x', 'not a url', '']) {
      expect(toOnrampUrl({ url, orderId: '1' })).toBeUndefined()
    }
    // A configured provider's hosted checkout has no order to follow.
    expect(toOnrampUrl({ url: 'https://pay.example' })).toEqual({ url: 'https://pay.example' })
    expect(toOnrampUrl({ url: 'https://pay.example', orderId: 7 })).toBeUndefined()
  })

  it('takes an order in one of its four states', () => {
    const order = {
      id: 'o',
      status: 'completed',
      purchaseAmount: '1',
      txHash: '0x1',
      failure: null,
    }
    expect(toOnrampOrder({ ...order, extra: 1 })).toEqual(order)
    expect(toOnrampOrder({ ...order, status: 'refunded' })).toBeUndefined()
    expect(toOnrampOrder({ ...order, txHash: 5 })).toBeUndefined()
  })
})

describe('toOnrampOptions providers', () => {
  const options = (providers: unknown) =>
    toOnrampOptions({
      providers,
      paymentMethods: [],
      paymentCurrencies: [],
      purchaseCurrencies: [],
    })
  it('keeps well-formed providers and drops the rest', () => {
    expect(
      options([
        { id: 'sandbox', name: 'Latchkey Sandbox', networks: null, quotes: true },
        { id: 'moonpay', name: 'MoonPay', networks: ['eip155:1'], quotes: false },
        { id: 'x', name: 'X', networks: 'eip155:1', quotes: false },
        { id: 'y', name: 'Y', networks: null },
        { id: '', name: 'Z', networks: null, quotes: true },
      ])?.providers,
    ).toEqual([
      { id: 'sandbox', name: 'Latchkey Sandbox', networks: null, quotes: true },
      { id: 'moonpay', name: 'MoonPay', networks: ['eip155:1'], quotes: false },
    ])
  })
  it('an answer without a provider list is no answer', () => {
    expect(options(undefined)).toBeUndefined()
  })
})
