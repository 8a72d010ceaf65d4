// Permission records' OpenAPI definitions (README "Smart accounts"; handlers: routes.ts).
import { createRoute, z } from '@hono/zod-openapi'
import { PERMISSION_MESSAGE_MAX_CHARS } from '../constants/sessions.ts'
import { commonQuery, json, projectErrorResponses } from '../routes/params.ts'

const PermissionSchema = z
  .object({
    id: z.string(),
    chainId: z.number(),
    account: z.string(),
    owner: z.string(),
    origin: z.string(),
    permissions: z.array(z.unknown()),
    expiry: z.number().openapi({ description: 'Seconds since 1970' }),
    message: z.string(),
    signature: z.string(),
    createdAt: z.string(),
    revokedAt: z.string().nullable(),
  })
  .openapi('Permission')

const ErrorSchema = z.object({ error: z.string() })
const idParam = z
  .string()
  .regex(/^0x[0-9a-fA-F]{64}$/, { error: 'must be 0x and 64 hex digits' })
  .openapi({ param: { name: 'id', in: 'path' }, description: 'The permissions context' })
const signature = z.string().regex(/^0x[0-9a-fA-F]{130}$/, { error: 'must be a 65-byte signature' })

export const postPermissionRoute = createRoute({
  method: 'post',
  path: '/v1/sessions',
  summary: "Records a permission a smart account's owner signed (ERC-7715)",
  request: {
    query: z.object(commonQuery),
    body: {
      required: true,
      content: {
        'application/json': {
          schema: z.object({
            message: z.string().max(PERMISSION_MESSAGE_MAX_CHARS),
            signature,
          }),
        },
      },
    },
  },
  responses: {
    201: json(PermissionSchema, 'Recorded'),
    400: json(ErrorSchema, 'The message, its chain or its expiry breaks a rule'),
    401: json(ErrorSchema, 'Not signed by the owner, or not the owner’s smart account'),
    403: projectErrorResponses[403],
    429: projectErrorResponses[429],
    502: json(ErrorSchema, "The chain's node did not answer"),
  },
})

export const getPermissionRoute = createRoute({
  method: 'get',
  path: '/v1/sessions/{id}',
  summary: 'A recorded permission',
  request: { params: z.object({ id: idParam }), query: z.object(commonQuery) },
  responses: {
    200: json(PermissionSchema, 'The permission'),
    ...projectErrorResponses,
    404: json(ErrorSchema, 'Unknown'),
  },
})

export const revokePermissionRoute = createRoute({
  method: 'post',
  path: '/v1/sessions/{id}/revoke',
  summary: 'Ends a permission: the owner signs "Revoke Latchkey permission <id>"',
  request: {
    params: z.object({ id: idParam }),
    query: z.object(commonQuery),
    body: {
      required: true,
      content: {
        'application/json': {
          schema: z.object({ pci: z.string().max(66), signature }),
        },
      },
    },
  },
  responses: {
    200: json(PermissionSchema, 'Revoked'),
    400: json(ErrorSchema, 'pci is not the id'),
    401: json(ErrorSchema, 'Not signed by the owner'),
    403: projectErrorResponses[403],
    404: json(ErrorSchema, 'Unknown'),
    409: json(ErrorSchema, 'Revoked already'),
    429: projectErrorResponses[429],
  },
})

export const SESSION_ROUTES = [
  postPermissionRoute,
  getPermissionRoute,
  revokePermissionRoute,
] as const
