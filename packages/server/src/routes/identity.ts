import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi'
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.ts'
import type { AppEnv } from '../env.ts'
import { namesOfAddress } from '../names/store.ts'
import { type DataChains, servedChainIds } from './chainCommon.ts'
import { addressParam, parseEvmAddress } from './chainParams.ts'
import { commonQuery, projectErrorResponses, singleValue } from './params.ts'

export const getIdentityRoute = createRoute({
  method: 'get',
  path: '/v1/identity/{address}',
  summary: 'An address\'s name and avatar (§7): its registered name (README "Names"), else null',
  request: {
    params: z.object({ address: addressParam('address') }),
    query: z.object({
      ...commonQuery,
      sender: singleValue()
        .optional()
        .refine((value) => value === undefined || parseEvmAddress(value) !== undefined, {
          error: 'must be an EVM address (0x and 40 hex digits)',
        }),
    }),
  },
  responses: {
    200: {
      description: 'Identity',
      content: {
        'application/json': {
          schema: z.object({ name: z.string().nullable(), avatar: z.string().nullable() }),
        },
      },
    },
    ...projectErrorResponses,
  },
})

export const getSupportedChainsRoute = createRoute({
  method: 'get',
  path: '/v1/supported-chains',
  summary: 'The CAIP-2 ids of the chains this server serves (§7)',
  request: { query: z.object(commonQuery) },
  responses: {
    200: {
      description: 'Chains by transport',
      content: {
        'application/json': {
          schema: z.object({ http: z.array(z.string()), ws: z.array(z.string()) }),
        },
      },
    },
    ...projectErrorResponses,
  },
})

export interface IdentityDeps extends DataChains {
  db: Kysely<Database>
  nameZone: string
}

export function registerIdentityRoutes(app: OpenAPIHono<AppEnv>, deps: IdentityDeps) {
  app.openapi(getIdentityRoute, async (c) => {
    const [record] = await namesOfAddress(deps.db, c.req.valid('param').address, deps.nameZone)
    return c.json({ name: record?.name ?? null, avatar: record?.attributes.avatar ?? null }, 200)
  })
  app.openapi(getSupportedChainsRoute, (c) =>
    c.json(
      {
        http: servedChainIds(deps),
        ws: [] as string[],
      },
      200,
    ),
  )
}
