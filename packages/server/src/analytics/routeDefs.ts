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
