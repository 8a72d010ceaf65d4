// The routes of /v1/convert/* (§7): what they take and answer, for validation and /openapi.json.
import { createRoute, z } from '@hono/zod-openapi'
import { caip2Param } from '../routes/chainParams.ts'
import { commonQuery, ErrorSchema, projectErrorResponses } from '../routes/params.ts'
import { amountParam, SlippageBody, tokenParam, userAddressParam } from './convertParams.ts'

const json = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { 'application/json': { schema } },
})
const upstream = { 502: json(ErrorSchema, "The chain's node did not answer") }

const TokenSchema = z
  .object({
    name: z.string(),
    symbol: z.string(),
    address: z.string().openapi({ description: 'CAIP-10; the native coin is 0xeeee…eeee' }),
    decimals: z.number().int(),
    logoUri: z.string(),
    price: z.number().openapi({ description: 'USD; 0 when unknown' }),
    eip2612: z.boolean(),
  })
  .openapi('SwapToken')

const TransactionSchema = z
  .object({
    from: z.string(),
    to: z.string(),
    data: z.string(),
    value: z.string().openapi({ description: 'Wei, decimal' }),
    eip155: z.object({
      gas: z
        .string()
        .optional()
        .openapi({ description: 'Estimated gas; absent with disableEstimate' }),
      gasPrice: z.string(),
    }),
  })
  .openapi('SwapTransaction')

export const getConvertTokensRoute = createRoute({
  method: 'get',
  path: '/v1/convert/tokens',
  summary: "The chain's swappable tokens (§7)",
  request: { query: z.object({ ...commonQuery, chainId: caip2Param() }) },
  responses: {
    200: json(z.object({ tokens: z.array(TokenSchema) }), 'The native coin first, then tokens'),
    ...projectErrorResponses,
  },
})

export const getConvertQuotesRoute = createRoute({
  method: 'get',
  path: '/v1/convert/quotes',
  summary: 'What a swap pays out, through the best pool path (§7)',
  request: {
    query: z.object({
      ...commonQuery,
      amount: amountParam(),
      userAddress: userAddressParam(),
      from: tokenParam('The token sold'),
      to: tokenParam('The token bought'),
      gasPrice: z
        .string()
        .optional()
        .openapi({ description: 'Accepted, not used: quotes are gas-free' }),
    }),
  },
  responses: {
    200: json(
      z.object({
        quotes: z.array(
          z.object({
            id: z.string(),
            fromAmount: z.string(),
            fromAccount: z.string(),
            toAmount: z.string(),
            toAccount: z.string(),
            path: z.array(z.string()).openapi({ description: 'CAIP-10 ids, hop by hop' }),
            priceImpact: z.number().openapi({ description: 'Percent the trade moves the price' }),
            fee: z.object({ percent: z.number(), amount: z.string() }),
            block: z.string().openapi({ description: 'The block whose reserves were read' }),
          }),
        ),
      }),
      'The best quote',
    ),
    ...projectErrorResponses,
    ...upstream,
  },
})

export const getConvertAllowanceRoute = createRoute({
  method: 'get',
  path: '/v1/convert/allowance',
  summary: "What the exchange's router may spend of a token for the user (§7)",
  request: {
    query: z.object({
      ...commonQuery,
      tokenAddress: tokenParam('The token to be sold'),
      userAddress: userAddressParam(),
    }),
  },
  responses: {
    200: json(z.object({ allowance: z.string() }), 'Base units; the native coin needs none'),
    ...projectErrorResponses,
    ...upstream,
  },
})

export const getConvertGasPriceRoute = createRoute({
  method: 'get',
  path: '/v1/convert/gas-price',
  summary: "The chain's gas price, three ways (§3 Gas price)",
  request: { query: z.object({ ...commonQuery, chainId: caip2Param() }) },
  responses: {
    200: json(
      z.object({ standard: z.string(), fast: z.string(), instant: z.string() }),
      'Wei, decimal',
    ),
    ...projectErrorResponses,
    ...upstream,
  },
})

export const getBuildApproveRoute = createRoute({
  method: 'get',
  path: '/v1/convert/build-approve',
  summary: 'An approve of exactly `amount` to the router (§7)',
  request: {
    query: z.object({
      ...commonQuery,
      userAddress: userAddressParam(),
      from: tokenParam('The token to be sold'),
      to: tokenParam('The token bought'),
      amount: amountParam(),
    }),
  },
  responses: {
    200: json(z.object({ tx: TransactionSchema }), 'The transaction for the wallet to send'),
    ...projectErrorResponses,
    ...upstream,
  },
})

export const postBuildTransactionRoute = createRoute({
  method: 'post',
  path: '/v1/convert/build-transaction',
  summary: 'The swap, paying out at least the quote less the slippage (§7)',
  request: {
    query: z.object(commonQuery),
    body: {
      content: {
        'application/json': {
          schema: z.object({
            amount: amountParam(),
            eip155: SlippageBody,
            projectId: z.string().optional(),
            from: tokenParam('The token sold'),
            to: tokenParam('The token bought'),
            userAddress: userAddressParam(),
            disableEstimate: z.boolean({ error: 'must be true or false' }).optional(),
          }),
        },
      },
      required: true,
    },
  },
  responses: {
    200: json(z.object({ tx: TransactionSchema }), 'The transaction for the wallet to send'),
    ...projectErrorResponses,
    ...upstream,
  },
})

export const CONVERT_ROUTES = [
  getConvertTokensRoute,
  getConvertQuotesRoute,
  getConvertAllowanceRoute,
  getConvertGasPriceRoute,
  getBuildApproveRoute,
  postBuildTransactionRoute,
]
