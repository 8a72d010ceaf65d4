import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi'
import { DEFAULT_REMOTE_FEATURES } from '@latchkey/core/shared'
import type { ProjectRow, StoredRemoteFeatures } from '../db/schema.ts'
import type { AppEnv } from '../env.ts'
import { commonQuery, projectErrorResponses } from './params.ts'

const CommonQuery = z.object(commonQuery)

const RemoteFeaturesSchema = z
  .object({
    swaps: z.boolean(),
    onramp: z.boolean(),
    email: z.boolean(),
    socials: z.union([z.array(z.string()), z.literal(false)]),
    activity: z.boolean(),
    emailCapture: z.boolean(),
  })
  .openapi('RemoteFeatures')

export type RemoteFeatures = z.infer<typeof RemoteFeaturesSchema>

/** What a stored override may hold; anything else in the row is ignored. */
const StoredFeaturesSchema = RemoteFeaturesSchema.partial()

/** §1 defaults (swaps, onramp, email, socials, activity on; emailCapture off) + the project's. */
export function remoteFeaturesOf(project: ProjectRow): RemoteFeatures {
  const stored = StoredFeaturesSchema.safeParse(project.features satisfies StoredRemoteFeatures)
  return {
    ...DEFAULT_REMOTE_FEATURES,
    socials: [...DEFAULT_REMOTE_FEATURES.socials],
    ...(stored.success ? stored.data : {}),
  }
}

export const getConfigRoute = createRoute({
  method: 'get',
  path: '/appkit/v1/config',
  summary: "The project's remote features (§7)",
  request: { query: CommonQuery },
  responses: {
    200: {
      description: 'Features',
      content: {
        'application/json': {
          schema: z.object({
            features: RemoteFeaturesSchema,
            nameZone: z.string().openapi({
              description: 'The zone of the name service (README "Names")',
              example: 'latchkey.id',
            }),
          }),
        },
      },
    },
    ...projectErrorResponses,
  },
})

export const getOriginsRoute = createRoute({
  method: 'get',
  path: '/projects/v1/origins',
  summary: "The project's allowed origins (§7)",
  request: { query: CommonQuery },
  responses: {
    200: {
      description: 'Allowed origins',
      content: {
        'application/json': { schema: z.object({ allowedOrigins: z.array(z.string()) }) },
      },
    },
    ...projectErrorResponses,
  },
})

export const getAnalyticsConfigRoute = createRoute({
  method: 'get',
  path: '/getAnalyticsConfig',
  summary: 'Whether analytics is on for the project (§7)',
  request: { query: CommonQuery },
  responses: {
    200: {
      description: 'Analytics switch',
      content: {
        'application/json': { schema: z.object({ isAnalyticsEnabled: z.boolean() }) },
      },
    },
    ...projectErrorResponses,
  },
})

export const getLatestVersionRoute = createRoute({
  method: 'get',
  path: '/appkit/v1/version',
  summary:
    'The latest released version of the Latchkey packages (§3: checked at most once per 7 days)',
  request: { query: CommonQuery },
  responses: {
    200: {
      description: 'Latest version',
      content: {
        'application/json': {
          schema: z.object({ version: z.string().openapi({ example: '0.1.0' }) }),
        },
      },
    },
    ...projectErrorResponses,
  },
})

/**
 * `services` says what this server runs: a project's `onramp` is reported on only where an onramp
 * is served (README "Buy crypto"), so no app shows a Buy button that leads nowhere.
 */
export function registerConfigRoutes(
  app: OpenAPIHono<AppEnv>,
  latestKitVersion: string,
  services: { onramp: boolean; nameZone: string },
) {
  app.openapi(getLatestVersionRoute, (c) => c.json({ version: latestKitVersion }, 200))
  app.openapi(getConfigRoute, (c) => {
    const features = remoteFeaturesOf(c.var.project)
    return c.json(
      {
        features: { ...features, onramp: features.onramp && services.onramp },
        nameZone: services.nameZone,
      },
      200,
    )
  })
  app.openapi(getOriginsRoute, (c) =>
    c.json({ allowedOrigins: [...c.var.project.allowed_origins] }, 200),
  )
  app.openapi(getAnalyticsConfigRoute, (c) =>
    c.json({ isAnalyticsEnabled: c.var.project.analytics_enabled }, 200),
  )
}
