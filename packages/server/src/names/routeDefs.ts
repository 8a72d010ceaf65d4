// The name service's OpenAPI definitions (§7 "/v1/profile/*"; handlers: routes.ts).
import { createRoute, z } from '@hono/zod-openapi'
import { NAME_MESSAGE_MAX_CHARS } from '../constants/names.ts'
import { addressParam } from '../routes/chainParams.ts'
import { commonQuery, json, projectErrorResponses, shortText } from '../routes/params.ts'

const NameRecordSchema = z
  .object({
    name: z.string().openapi({ example: 'alice.latchkey.id' }),
    registered_at: z.string(),
    updated_at: z.string(),
    addresses: z
      .record(z.string(), z.object({ address: z.string(), created: z.string() }))
      .openapi({ description: 'By coin type (chain id OR 0x80000000), in decimal' }),
    attributes: z.record(z.string(), z.string()),
  })
  .openapi('NameRecord')

const NameErrorSchema = z
  .object({
    error: z.string(),
    reasons: z.array(z.object({ description: z.string() })),
  })
  .openapi('NameError')

const refused = (description: string) => json(NameErrorSchema, description)

const nameParam = () =>
  shortText(256).openapi({
    param: { name: 'name', in: 'path' },
    description: 'A label, or a label and its zone',
    example: 'alice.latchkey.id',
  })
const apiVersion = { apiVersion: shortText(8).optional() }

export const getNameRoute = createRoute({
  method: 'get',
  path: '/v1/profile/account/{name}',
  summary: 'A registered name (§7 lookup)',
  request: {
    params: z.object({ name: nameParam() }),
    query: z.object({ ...commonQuery, ...apiVersion }),
  },
  responses: {
    200: json(NameRecordSchema, 'The name record'),
    ...projectErrorResponses,
    404: refused('Not registered'),
  },
})

export const getReverseNamesRoute = createRoute({
  method: 'get',
  path: '/v1/profile/reverse/{address}',
  summary: 'The names an address holds (§7 reverse lookup)',
  request: {
    params: z.object({ address: addressParam('address') }),
    query: z.object({ ...commonQuery, ...apiVersion, sender: shortText(64).optional() }),
  },
  responses: { 200: json(z.array(NameRecordSchema), 'At most one'), ...projectErrorResponses },
})

export const getNameSuggestionsRoute = createRoute({
  method: 'get',
  path: '/v1/profile/suggestions/{name}',
  summary: 'Whether a name is free, and free variants (§7 suggestions)',
  request: {
    params: z.object({ name: nameParam() }),
    query: z.object({ ...commonQuery, zone: shortText(64).optional() }),
  },
  responses: {
    200: json(
      z.object({
        suggestions: z
          .array(z.object({ name: z.string(), registered: z.boolean() }))
          .openapi({ description: 'The name asked for first, then free variants' }),
      }),
      'Suggestions',
    ),
    ...projectErrorResponses,
    400: refused('The name breaks the rule, or the zone is not ours'),
  },
})

const coinType = z
  .union([z.number(), z.string().regex(/^\d{1,10}$/, { error: 'must be a whole number' })])
  .transform(Number)

export const postNameRoute = createRoute({
  method: 'post',
  path: '/v1/profile/account',
  summary: 'Registers a name, signed by its address (§7)',
  request: {
    query: z.object(commonQuery),
    body: {
      required: true,
      content: {
        'application/json': {
          schema: z
            .object({
              coin_type: coinType.optional(),
              coinType: coinType.optional(),
              address: z.string().max(64),
              message: z.string().max(NAME_MESSAGE_MAX_CHARS),
              signature: z.string().max(4_096),
            })
            .openapi({ description: 'coin_type (or coinType): chain id OR 0x80000000' }),
        },
      },
    },
  },
  responses: {
    200: json(NameRecordSchema, 'The name, registered or updated'),
    400: refused('The body, the message or the name breaks a rule'),
    401: refused('The signature does not match'),
    403: projectErrorResponses[403],
    409: refused('Taken, the address has another name, or the body was used'),
    429: projectErrorResponses[429],
    502: refused("The chain's node did not answer"),
  },
})

export const NAME_ROUTES = [
  getNameRoute,
  getReverseNamesRoute,
  getNameSuggestionsRoute,
  postNameRoute,
] as const
