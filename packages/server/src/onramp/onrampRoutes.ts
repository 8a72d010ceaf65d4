// The routes of the onramp (§7): options, quotes, the checkout URL generator, and an order's
// state; zod-validated and in /openapi.json like the rest.
import { createRoute, z } from '@hono/zod-openapi'
import { ONRAMP_PAYMENT_CURRENCIES } from '../constants/onramp.ts'
import { commonQuery, ErrorSchema, projectErrorResponses } from '../routes/params.ts'

const json = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { 'application/json': { schema } },
})
const shortText = (max: number) => z.string().min(1).max(max)
const caip2 = () =>
  z
    .string()
    .regex(/^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/, 'must be a CAIP-2 network id')
    .openapi({ example: 'eip155:31337' })
const money = () =>
  z.string().max(20).openapi({ description: 'Decimal, 2 decimals', example: '100.00' })

const LimitsSchema = z.object({ min: z.number(), max: z.number() })

export const getOnrampOptionsRoute = createRoute({
  method: 'get',
  path: '/v1/onramp/options',
  summary: 'What can be bought, where, and how it can be paid (§7)',
  request: { query: z.object(commonQuery) },
  responses: {
    200: json(
      z.object({
        paymentMethods: z.array(
          z.object({
            id: z.string(),
            name: z.string(),
            feePercent: z.number(),
            limits: LimitsSchema,
          }),
        ),
        providers: z.array(
          z.object({
            id: z.string(),
            name: z.string(),
            networks: z
              .array(z.string())
              .nullable()
              .openapi({ description: 'The CAIP-2 networks it sells on; null: every one' }),
            quotes: z.boolean().openapi({
              description:
                'Ours: true for the sandbox (quotes and orders here); false for a configured hosted checkout',
            }),
          }),
        ),
        paymentCurrencies: z.array(z.object({ id: z.string() })),
        purchaseCurrencies: z.array(
          z.object({
            symbol: z.string(),
            name: z.string(),
            decimals: z.number().int(),
            network: z.string(),
            address: z.string().nullable().openapi({ description: 'null: the native coin' }),
            price: z.number().openapi({ description: 'USD per whole unit' }),
          }),
        ),
      }),
      'The providers, and what the sandbox sells (a configured provider sells what is priced)',
    ),
    ...projectErrorResponses,
  },
})

const paymentMethod = () => z.enum(['card', 'bank'])
const QuoteBody = z
  .object({
    purchaseCurrency: shortText(20).openapi({ example: 'ETH' }),
    paymentCurrency: shortText(10).openapi({ example: 'USD' }),
    amount: money().optional().openapi({ description: 'What is paid (or give purchaseAmount)' }),
    purchaseAmount: z
      .string()
      .max(64)
      .optional()
      .openapi({ description: 'Ours: what is bought, a decimal in the asset', example: '0.5' }),
    network: caip2(),
    paymentMethod: paymentMethod().optional().openapi({ description: 'Default card' }),
  })
  .refine((body) => (body.amount === undefined) !== (body.purchaseAmount === undefined), {
    message: 'give amount or purchaseAmount, one of the two',
    path: ['amount'],
  })

export const postOnrampQuoteRoute = createRoute({
  method: 'post',
  path: '/v1/onramp/quote',
  summary: 'What an amount paid buys, after the fee (§7)',
  request: {
    query: z.object(commonQuery),
    body: { content: { 'application/json': { schema: QuoteBody } }, required: true },
  },
  responses: {
    200: json(
      z.object({
        purchaseCurrency: z.string(),
        paymentCurrency: z.string(),
        network: z.string(),
        paymentMethod: z.string(),
        paymentTotal: z.string(),
        paymentSubtotal: z.string(),
        fee: z.string(),
        purchaseAmount: z.string().openapi({ description: 'Decimal, in the asset' }),
        rate: z.number().openapi({ description: 'The payment currency per whole unit' }),
      }),
      'The quote',
    ),
    ...projectErrorResponses,
  },
})

export const postOnrampUrlRoute = createRoute({
  method: 'post',
  path: '/v1/generators/onrampurl',
  summary: 'An order and its checkout page’s URL (§7)',
  request: {
    query: z.object(commonQuery),
    body: {
      content: {
        'application/json': {
          schema: z.object({
            destinationWallets: z
              .array(
                z.object({
                  address: shortText(100),
                  blockchains: z.array(shortText(50)).max(10).optional(),
                  assets: z.array(shortText(20)).max(10).optional(),
                }),
              )
              .min(1)
              .max(5),
            provider: z
              .string()
              .max(32)
              .optional()
              .openapi({ description: 'Ours: a provider of options (default sandbox)' }),
            defaultNetwork: caip2().optional(),
            partnerUserId: shortText(100).optional(),
            defaultExperience: z.enum(['buy', 'send']).optional(),
            presetCryptoAmount: z.number().positive().max(1e12).optional(),
            presetFiatAmount: z.number().positive().max(1e9).optional(),
            fiatCurrency: z
              .enum(ONRAMP_PAYMENT_CURRENCIES)
              .optional()
              .openapi({ description: 'Ours: the currency paid (default USD)' }),
            defaultPaymentMethod: paymentMethod()
              .optional()
              .openapi({ description: 'Ours: the method the checkout starts with' }),
            timezone: shortText(64)
              .optional()
              .openapi({ description: "The visitor's IANA timezone (restricted regions)" }),
          }),
        },
      },
      required: true,
    },
  },
  responses: {
    200: json(
      z.object({
        url: z.string(),
        orderId: z
          .string()
          .optional()
          .openapi({ description: 'The sandbox’s order; a configured provider’s has none' }),
      }),
      'Open url in a popup',
    ),
    ...projectErrorResponses,
  },
})

export const getOnrampOrderRoute = createRoute({
  method: 'get',
  path: '/v1/onramp/orders/{id}',
  summary: 'An order’s state: created, pending, completed or failed',
  request: {
    params: z.object({ id: z.string().uuid('must be an order id') }),
    query: z.object(commonQuery),
  },
  responses: {
    200: json(
      z.object({
        id: z.string(),
        status: z.enum(['created', 'pending', 'completed', 'failed']),
        network: z.string(),
        asset: z.string(),
        destination: z.string(),
        paymentMethod: z.string().nullable(),
        paymentCurrency: z.string(),
        paymentTotal: z.string().nullable(),
        fee: z.string().nullable(),
        purchaseAmount: z.string().nullable(),
        txHash: z.string().nullable(),
        failure: z.string().nullable(),
      }),
      'The order',
    ),
    404: json(ErrorSchema, 'No such order in this project'),
    ...projectErrorResponses,
  },
})

export const ONRAMP_ROUTES = [
  getOnrampOptionsRoute,
  postOnrampQuoteRoute,
  postOnrampUrlRoute,
  getOnrampOrderRoute,
]
