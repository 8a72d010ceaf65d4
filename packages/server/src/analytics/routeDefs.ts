// The analytics collector's OpenAPI definitions (README "Analytics"; handlers: routes.ts). The
// body is read as text whatever its type: a beacon sends text/plain, which needs no preflight.
import { createRoute, z } from '@hono/zod-openapi'
import { commonQuery, json, projectErrorResponses } from '../routes/params.ts'

const ErrorSchema = z.object({ error: z.string() })
const Accepted = z
  .object({
    accepted: z.number().openapi({ description: 'Events stored now' }),
    duplicates: z.number().openapi({ description: 'Events stored by an earlier request' }),
    dropped: z
      .number()
      .openapi({ description: 'Events not kept: too old or too far ahead, or analytics is off' }),
  })
  .openapi('AnalyticsAccepted')

const counted = (key: string) => z.object({ [key]: z.string(), count: z.number() })
const AnalyticsSummarySchema = z
  .object({
    from: z.string(),
    to: z.string(),
    funnel: z.object({
      opened: z.number(),
      walletSelected: z.number(),
      connected: z.number(),
      signedIn: z.number(),
    }),
    daily: z.array(
      z.object({ day: z.string(), opened: z.number(), connected: z.number(), errors: z.number() }),
    ),
    connectionsByWallet: z.array(counted('wallet')),
    connectionsByMethod: z.array(counted('method')),
    networks: z.array(counted('caipNetworkId')),
    errors: z.array(z.object({ event: z.string(), message: z.string(), count: z.number() })),
    counts: z.object({
      pageLoads: z.number(),
      sends: z.number(),
      swaps: z.number(),
      onramps: z.number(),
      names: z.number(),
    }),
  })
  .openapi('AnalyticsSummary')

function collectorRoute(path: '/batch' | '/e', summary: string, body: string) {
  return createRoute({
    method: 'post',
    path,
    summary,
    request: {
      query: z.object(commonQuery),
      body: {
        required: true,
        content: { 'text/plain': { schema: z.string().openapi({ description: body }) } },
      },
    },
    responses: {
      202: json(Accepted, 'Received'),
      400: json(ErrorSchema, 'Not JSON, or not events'),
      403: json(ErrorSchema, 'An origin the project does not allow, or an unknown project'),
      413: json(ErrorSchema, 'Over 64 KB'),
      429: projectErrorResponses[429],
    },
  })
}

export const postBatchRoute = collectorRoute(
  '/batch',
  'Analytics events, batched by the modal (§7)',
  'A JSON array of 1 to 500 AnalyticsEvent',
)
export const postErrorEventRoute = collectorRoute(
  '/e',
  'One error event (§7: at most 5 a minute from a page)',
  'One AnalyticsEvent as JSON',
)

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'must be a day, YYYY-MM-DD' })
  .refine((text) => !Number.isNaN(Date.parse(`${text}T00:00:00Z`)), { error: 'must be a day' })

export const getAnalyticsSummaryRoute = createRoute({
  method: 'get',
  path: '/v1/analytics/summary',
  summary: "A project's analytics over a range of days (the dashboard's data)",
  description:
    "Needs `Authorization: Bearer` with the project's token (`latchkey-server project token rotate <id>` issues one) or the operator's admin token. Days are UTC, both ends included; at most 366 of them.",
  request: {
    query: z.object({
      ...commonQuery,
      from: day.optional().openapi({ description: 'First day; default 29 days before `to`' }),
      to: day.optional().openapi({ description: 'Last day; default today' }),
      since: z.iso
        .datetime()
        .optional()
        .openapi({ description: 'Only events that happened at or after this time (ISO 8601)' }),
    }),
  },
  responses: {
    200: json(AnalyticsSummarySchema, "The project's figures"),
    400: json(ErrorSchema, 'A bad range'),
    401: json(ErrorSchema, 'No token, or not one of this project'),
    403: projectErrorResponses[403],
    429: projectErrorResponses[429],
  },
})
