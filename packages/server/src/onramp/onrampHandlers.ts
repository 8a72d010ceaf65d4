// The onramp's routes (§7) and the sandbox provider's checkout pages (README "Buy crypto").
import type { OpenAPIHono } from '@hono/zod-openapi'
import type { Context } from 'hono'
import { formatUnits } from 'viem'
import {
  ONRAMP_FEE_PERCENT,
  ONRAMP_LIMITS,
  ONRAMP_PAYMENT_CURRENCIES,
} from '../constants/onramp.ts'
import type { AppEnv } from '../env.ts'
import { onrampOrderNotFound } from '../errors.ts'
import { SCRIPTLESS_PAGE_HEADERS } from '../htmlPage.ts'
import { unknownOrderPage } from './checkoutPage.ts'
import { type Onramp, OnrampError } from './onramp.ts'
import { formatCents } from './onrampQuote.ts'
import {
  getOnrampOptionsRoute,
  getOnrampOrderRoute,
  postOnrampQuoteRoute,
  postOnrampUrlRoute,
} from './onrampRoutes.ts'

const METHOD_NAMES = { card: 'Card', bank: 'Bank transfer' } as const
const cents = (value: string | null) => (value === null ? null : formatCents(BigInt(value)))

/** Runs `answer`; an OnrampError becomes its status and `{ error }` */
async function refusing<T>(c: Context<AppEnv>, answer: () => Promise<T>): Promise<T> {
  try {
    return await answer()
  } catch (error) {
    if (!(error instanceof OnrampError)) throw error
    // The route declares these statuses; the typed answer is the 200's.
    return c.json({ error: error.message }, error.status) as never
  }
}

export function registerOnrampRoutes(app: OpenAPIHono<AppEnv>, onramp: Onramp) {
  app.openapi(getOnrampOptionsRoute, async (c) =>
    c.json({
      paymentMethods: (['card', 'bank'] as const).map((id) => ({
        id,
        name: METHOD_NAMES[id],
        feePercent: ONRAMP_FEE_PERCENT[id],
        limits: ONRAMP_LIMITS[id],
      })),
      paymentCurrencies: ONRAMP_PAYMENT_CURRENCIES.map((id) => ({ id })),
      purchaseCurrencies: (await onramp.assets()).map((a) => ({
        symbol: a.symbol,
        name: a.name,
        decimals: a.decimals,
        network: a.network,
        address: a.address,
        price: a.priceUsd,
      })),
    }),
  )

  app.openapi(postOnrampQuoteRoute, async (c) => {
    const body = c.req.valid('json')
    return refusing(c, async () => {
      const { asset, quote, rate } = await onramp.quote(body)
      return c.json({
        purchaseCurrency: asset.symbol,
        paymentCurrency: body.paymentCurrency,
        network: asset.network,
        paymentMethod: quote.method,
        paymentTotal: formatCents(quote.paymentTotalCents),
        paymentSubtotal: formatCents(quote.subtotalCents),
        fee: formatCents(quote.feeCents),
        purchaseAmount: formatUnits(quote.purchaseAmount, asset.decimals),
        rate,
      })
    })
  })

  app.openapi(postOnrampUrlRoute, async (c) => {
    const body = c.req.valid('json')
    return refusing(c, async () => {
      const { order, url } = await onramp.createOrder(c.get('project').project_id, body)
      return c.json({ url, orderId: order.id })
    })
  })

  app.openapi(getOnrampOrderRoute, async (c) => {
    const { id } = c.req.valid('param')
    const order = await onramp.orders.get(id)
    if (!order || order.project_id !== c.get('project').project_id) {
      return c.json(onrampOrderNotFound, 404)
    }
    return c.json(
      {
        id: order.id,
        status: order.status,
        network: order.network,
        asset: order.asset,
        destination: order.destination,
        paymentMethod: order.method,
        paymentCurrency: order.currency,
        paymentTotal: cents(order.total_cents),
        fee: cents(order.fee_cents),
        purchaseAmount: (await onramp.purchasedOf(order)) ?? null,
        txHash: order.tx_hash,
        failure: order.failure,
      },
      200,
    )
  })

  // The provider's own site: opened in the visitor's popup, no project in the address.
  const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/
  const orderOf = (id: string) => (UUID.test(id) ? onramp.orders.get(id) : undefined)
  const html = (c: Context<AppEnv>, body: string, status: 200 | 400 | 404 = 200) =>
    c.html(body, status, SCRIPTLESS_PAGE_HEADERS)

  app.get('/onramp/checkout/:id', async (c) => {
    const order = await orderOf(c.req.param('id'))
    return order ? html(c, await onramp.page(order)) : html(c, unknownOrderPage(), 404)
  })

  app.post('/onramp/checkout/:id', async (c) => {
    const order = await orderOf(c.req.param('id'))
    if (!order) return html(c, unknownOrderPage(), 404)
    const form: Record<string, string> = {}
    for (const [key, value] of Object.entries(await c.req.parseBody().catch(() => ({})))) {
      if (typeof value === 'string') form[key] = value.slice(0, 100)
    }
    try {
      const after = await onramp.pay(order, form)
      return html(c, await onramp.page(after))
    } catch (error) {
      if (!(error instanceof OnrampError)) throw error
      return html(
        c,
        await onramp.page(order, {
          amount: form.amount ?? '',
          method: form.method,
          error: error.message,
        }),
        400,
      )
    }
  })
}
