// The onramp's routes (§7) and the sandbox provider's checkout pages (README "Buy crypto").
import type { OpenAPIHono } from '@hono/zod-openapi'
import type { Context } from 'hono'
import { formatUnits } from 'viem'
import type { AppDeps } from '../app.ts'
import {
  ONRAMP_FEE_PERCENT,
  ONRAMP_LIMITS,
  ONRAMP_PAYMENT_CURRENCIES,
  ONRAMP_PAYMENT_METHODS,
  ONRAMP_SANDBOX_ID,
} from '../constants/onramp.ts'
import type { AppEnv } from '../env.ts'
import { onrampOrderNotFound } from '../errors.ts'
import { SCRIPTLESS_PAGE_HEADERS } from '../htmlPage.ts'
import { refusedPage, unknownOrderPage } from './checkoutPage.ts'
import { type HostedProvider, hostedCheckout } from './hostedProviders.ts'
import { createOnramp, type Onramp } from './onramp.ts'
import { type AssetSources, pricedAssets } from './onrampAssets.ts'
import { OnrampError } from './onrampError.ts'
import { formatCents, isFiatCurrency } from './onrampQuote.ts'
import {
  getOnrampOptionsRoute,
  getOnrampOrderRoute,
  postOnrampQuoteRoute,
  postOnrampUrlRoute,
} from './onrampRoutes.ts'
import { createPayouts } from './payouts.ts'
import { createSolanaTreasury } from './solanaTreasury.ts'
import { createTreasury } from './treasury.ts'

const METHOD_NAMES = { card: 'Card', bank: 'Bank transfer' } as const
const SANDBOX_NAME = 'Latchkey Sandbox'
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

export interface OnrampServices {
  /** The built-in sandbox provider (development, with a treasury key) */
  sandbox?: Onramp
  /** Providers plugged in by configuration (ONRAMP_PROVIDERS) */
  hosted: readonly HostedProvider[]
  /** What is priced, for when only configured providers sell */
  sources: AssetSources
  /** Where a browser reaches this server (a configured provider's path is on it) */
  publicUrl: () => string
}

/**
 * Serves the onramp when there is a provider: the sandbox (with a treasury key) and the
 * configured ones. Without any, no onramp route is served.
 */
export function registerOnramp(
  app: OpenAPIHono<AppEnv>,
  options: Pick<
    AppDeps,
    'onrampTreasuryKey' | 'onrampSolanaTreasuryKey' | 'onrampProviders' | 'publicUrl'
  >,
  sources: AssetSources & { now: () => number },
) {
  const { onrampTreasuryKey: key, onrampSolanaTreasuryKey: solanaKey } = options
  const providers = options.onrampProviders ?? []
  const publicUrl = options.publicUrl ?? (() => '')
  if (key === undefined && providers.length === 0) return
  const payouts =
    key === undefined
      ? undefined
      : createPayouts({
          chains: sources.chains,
          treasury: createTreasury(sources.chains, key),
          solanaChains: sources.solanaChains,
          ...(solanaKey && {
            solanaTreasury: createSolanaTreasury(sources.solanaChains, solanaKey),
          }),
        })
  const sandbox = payouts && createOnramp({ ...sources, payouts, publicUrl })
  registerOnrampRoutes(app, { sandbox, hosted: providers, sources, publicUrl })
}

export function registerOnrampRoutes(app: OpenAPIHono<AppEnv>, services: OnrampServices) {
  const { sandbox, hosted } = services
  app.openapi(getOnrampOptionsRoute, async (c) =>
    c.json({
      providers: [
        ...(sandbox
          ? [{ id: ONRAMP_SANDBOX_ID, name: SANDBOX_NAME, networks: null, quotes: true }]
          : []),
        ...hosted.map((p) => ({
          id: p.id,
          name: p.name,
          networks: p.networks ?? null,
          quotes: false,
        })),
      ],
      // A configured provider takes its own methods at its checkout: the sandbox's are listed.
      paymentMethods: sandbox
        ? ONRAMP_PAYMENT_METHODS.map((id) => ({
            id,
            name: METHOD_NAMES[id],
            feePercent: ONRAMP_FEE_PERCENT[id],
            limits: ONRAMP_LIMITS[id],
          }))
        : [],
      paymentCurrencies: ONRAMP_PAYMENT_CURRENCIES.map((id) => ({ id })),
      purchaseCurrencies: (await (sandbox ? sandbox.assets() : pricedAssets(services.sources))).map(
        (a) => ({
          symbol: a.symbol,
          name: a.name,
          decimals: a.decimals,
          network: a.network,
          address: a.address,
          price: a.priceUsd,
        }),
      ),
    }),
  )

  app.openapi(postOnrampUrlRoute, async (c) => {
    const { provider = ONRAMP_SANDBOX_ID, ...body } = c.req.valid('json')
    return refusing(c, async () => {
      const configured = hosted.find((p) => p.id === provider)
      if (configured) {
        const where = { projectId: c.get('project').project_id, serverUrl: services.publicUrl() }
        return c.json({ url: hostedCheckout(configured, body, where) }, 200)
      }
      if (provider !== ONRAMP_SANDBOX_ID || !sandbox) {
        throw new OnrampError(`No onramp provider ${provider} here`)
      }
      const { order, url } = await sandbox.createOrder(c.get('project').project_id, body)
      return c.json({ url, orderId: order.id }, 200)
    })
  })

  // The rest is the sandbox's: its quotes, orders and checkout pages.
  if (!sandbox) return
  const onramp = sandbox

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

  // The sandbox as a hosted checkout (README "Buy crypto"): what a configured provider's page
  // is, to try ONRAMP_PROVIDERS locally. It makes the order from the URL and shows its checkout.
  app.get('/onramp/hosted', async (c) => {
    const q = (name: string) => c.req.query(name)?.slice(0, 100) || undefined
    const amount = (name: string) => {
      const value = q(name)
      if (value === undefined) return undefined
      if (/^\d{1,12}(\.\d{1,18})?$/.test(value) && Number(value) > 0) return Number(value)
      throw new OnrampError(`${name} must be a positive decimal`)
    }
    const currency = q('currency') ?? 'USD'
    try {
      const projectId = q('projectId')
      if (!projectId) throw new OnrampError('The checkout URL names no projectId')
      if (!isFiatCurrency(currency)) {
        throw new OnrampError(`Payment currency ${currency} is not supported`)
      }
      const { url } = await onramp.createOrder(projectId, {
        destinationWallets: [{ address: q('address') ?? '', assets: [q('asset') ?? 'ETH'] }],
        defaultNetwork: q('network'),
        presetFiatAmount: amount('amount'),
        presetCryptoAmount: amount('cryptoAmount'),
        fiatCurrency: currency,
      })
      return c.redirect(url, 303)
    } catch (error) {
      if (!(error instanceof OnrampError)) throw error
      return html(c, refusedPage(error.message), 400)
    }
  })

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
