import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi'
import { parseCaipNetworkId } from '@latchkey/core/shared'
import type { TypedResponse } from 'hono'
import type { Kysely } from 'kysely'
import {
  DEFAULT_WALLET_ENTRIES,
  MAX_SEARCH_LENGTH,
  MAX_WALLET_ENTRIES,
  MAX_WALLET_PAGE,
} from '../constants.ts'
import type { Database } from '../db/schema.ts'
import { createWalletIndex } from '../directory/walletIndex.ts'
import type { AppEnv } from '../env.ts'
import {
  commonQuery,
  integerParam,
  listParam,
  projectErrorResponses,
  trimmedText,
} from './params.ts'

function caipNetworkIdProblem(item: string): string | undefined {
  try {
    parseCaipNetworkId(item)
    return undefined
  } catch (error) {
    return (error as Error).message
  }
}

const BADGE_TYPES = ['certified', 'none'] as const
const badgeParam = z
  .enum(BADGE_TYPES, { error: "must be 'certified' or 'none'" })
  .optional()
  .openapi({ description: "'certified' or 'none'" })

export const GetWalletsQuery = z
  .object({
    ...commonQuery,
    page: integerParam(1, MAX_WALLET_PAGE, 1),
    entries: integerParam(1, MAX_WALLET_ENTRIES, DEFAULT_WALLET_ENTRIES),
    include: listParam().openapi({ description: 'Only these wallet ids' }),
    exclude: listParam().openapi({ description: 'Not these wallet ids' }),
    names: listParam().openapi({ description: 'Only these names (case-insensitive)' }),
    rdns: listParam().openapi({ description: 'Only these EIP-6963 rdns (case-insensitive)' }),
    chains: listParam(caipNetworkIdProblem).openapi({
      description: 'CAIP-2 network ids; a wallet matches if it supports any of them',
      example: 'eip155:1,solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
    }),
    search: trimmedText(MAX_SEARCH_LENGTH).openapi({
      description:
        'Name or rdns, case-insensitive: exact matches first, then prefix, then substring',
    }),
    badge_type: badgeParam,
    badge: badgeParam.openapi({ description: 'Alias of badge_type' }),
  })
  .superRefine((query, ctx) => {
    if (query.badge && query.badge_type && query.badge !== query.badge_type) {
      ctx.addIssue({ code: 'custom', path: ['badge'], message: "disagrees with 'badge_type'" })
    }
  })

export const WalletItemSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    image_id: z.string().openapi({ description: 'Id for /getWalletImage/{id}' }),
    rdns: z.string().nullable(),
    chains: z.array(z.string()).openapi({ description: 'CAIP-2 network ids' }),
    homepage: z.string().nullable(),
    mobile_link: z.string().nullable().openapi({ description: 'Native deep link' }),
    universal_link: z.string().nullable(),
    desktop_link: z.string().nullable(),
    webapp_link: z.string().nullable(),
    app_store: z.string().nullable(),
    play_store: z.string().nullable(),
    chrome_store: z.string().nullable(),
    badge_type: z.enum(BADGE_TYPES),
  })
  .openapi('WalletItem')

export type WalletItem = z.infer<typeof WalletItemSchema>

const WalletPageSchema = z
  .object({
    data: z.array(WalletItemSchema),
    count: z.number().int().openapi({ description: 'All matching wallets, before paging' }),
  })
  .openapi('WalletPage')

export const getWalletsRoute = createRoute({
  method: 'get',
  path: '/getWallets',
  summary: 'A page of the wallet directory (§7)',
  request: { query: GetWalletsQuery },
  responses: {
    200: {
      description: 'The page and the total count',
      content: { 'application/json': { schema: WalletPageSchema } },
    },
    ...projectErrorResponses,
  },
})

type WalletPageBody = z.infer<typeof WalletPageSchema>

/** Everything after the path's `?`, as the client sent it */
function rawQueryOf(url: string): string {
  const mark = url.indexOf('?')
  return mark < 0 ? '' : url.slice(mark + 1)
}

export function registerWalletRoutes(app: OpenAPIHono<AppEnv>, db: Kysely<Database>) {
  const directory = createWalletIndex(db)
  const json = { 'Content-Type': 'application/json' }
  // Typing visitors and every page load ask the same few queries: a query string answered
  // before gets its body again without being validated and searched afresh (after the project,
  // CORS and rate-limit guards, which run for every request).
  app.use(getWalletsRoute.getRoutingPath(), async (c, next) => {
    if (c.req.method !== 'GET') return next()
    const body = await directory.answered(rawQueryOf(c.req.url))
    if (body === undefined) return next()
    return c.body(body, 200, json)
  })
  app.openapi(getWalletsRoute, async (c) => {
    const query = c.req.valid('query')
    const body = await directory.findJson(
      {
        page: query.page,
        entries: query.entries,
        include: query.include,
        exclude: query.exclude,
        names: query.names,
        rdns: query.rdns,
        chains: query.chains,
        search: query.search,
        badgeType: query.badge_type ?? query.badge,
      },
      rawQueryOf(c.req.url),
    )
    // Serialised once per wallet when the directory is read (directory/walletIndex.ts).
    return c.body(body, 200, json) as unknown as TypedResponse<WalletPageBody, 200, 'json'>
  })
}
