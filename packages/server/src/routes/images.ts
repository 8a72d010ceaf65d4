import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import type { Kysely } from 'kysely'
import { IMAGE_CACHE_CONTROL, IMAGE_ID_PATTERN, SVG_CSP } from '../constants.ts'
import type { Database } from '../db/schema.ts'
import { findWalletForImage } from '../db/wallets.ts'
import type { AppEnv } from '../env.ts'
import { imageNotFound } from '../errors.ts'
import { currencyImageSvg, tokenBadgeSvg } from '../images/catalog.ts'
import { memoized, simpleIcon, web3Icon } from '../images/packageIcons.ts'
import { etagOf } from '../images/svg.ts'
import { NETWORK_ICONS, SOCIAL_ICONS, TOKEN_ICONS, type Web3IconRef } from '../seed/icons.ts'
import { commonQuery, ErrorSchema, projectErrorResponses } from './params.ts'

const ImageParams = z.object({
  id: z.string().openapi({ param: { name: 'id', in: 'path' }, example: 'metamask' }),
})

function imageRoute(path: string, summary: string) {
  return createRoute({
    method: 'get',
    path,
    summary,
    request: { params: ImageParams, query: z.object(commonQuery) },
    responses: {
      200: {
        description: 'The image, cacheable for a day',
        content: { 'image/svg+xml': { schema: z.string() } },
      },
      304: { description: 'Not modified (If-None-Match matched the ETag)' },
      404: {
        description: 'No image with this id, or none for it in the icon packages',
        content: { 'application/json': { schema: ErrorSchema } },
      },
      ...projectErrorResponses,
    },
  })
}

export const getWalletImageRoute = imageRoute('/getWalletImage/{id}', "A wallet's logo (§7)")
export const getAssetImageRoute = imageRoute(
  '/public/getAssetImage/{id}',
  'A network image by CAIP-2 id (§7)',
)
export const getCurrencyImageRoute = imageRoute(
  '/public/getCurrencyImage/{id}',
  'A fiat currency image by ISO 4217 code (§7)',
)
export const getTokenImageRoute = imageRoute(
  '/public/getTokenImage/{id}',
  'A token image by symbol (§7)',
)
export const getSocialImageRoute = imageRoute(
  '/public/getSocialImage/{id}',
  "A sign-in provider's mark by the modal's id (google, x, …; ours)",
)

/** True when an If-None-Match header names this ETag (or is '*'). */
function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === etag)
}

function svgResponse(c: Context<AppEnv>, svg: string | undefined) {
  if (svg === undefined) return c.json(imageNotFound, 404)
  const etag = etagOf(svg)
  c.header('Cache-Control', IMAGE_CACHE_CONTROL)
  c.header('ETag', etag)
  if (matchesEtag(c.req.header('If-None-Match'), etag)) return c.body(null, 304)
  c.header('Content-Type', 'image/svg+xml; charset=utf-8')
  // Opened as a document (not through <img>), an SVG could run script: it may run nothing.
  c.header('Content-Security-Policy', SVG_CSP)
  return c.body(svg, 200)
}

async function walletImage(db: Kysely<Database>, id: string): Promise<string | undefined> {
  const wallet = await findWalletForImage(db, id)
  return wallet?.image_svg ?? undefined
}

/** Looks an id up in a table without mistaking Object.prototype's keys for ids. */
function entryOf<V>(table: Readonly<Record<string, V>>, id: string): V | undefined {
  return Object.hasOwn(table, id) ? table[id] : undefined
}

export function registerImageRoutes(app: OpenAPIHono<AppEnv>, db: Kysely<Database>) {
  // An id outside the pattern can name no image: 404 without asking the database.
  const validId = (id: string) => IMAGE_ID_PATTERN.test(id)
  const web3Icons = memoized(web3Icon)
  const socialIcons = memoized(simpleIcon)
  const tokensBySymbol: Record<string, Web3IconRef | null> = Object.fromEntries(
    Object.entries(TOKEN_ICONS).map(([symbol, ref]) => [symbol.toUpperCase(), ref]),
  )
  const tokenSymbols: Record<string, string> = Object.fromEntries(
    Object.keys(TOKEN_ICONS).map((symbol) => [symbol.toUpperCase(), symbol]),
  )
  const packageIcon = async <V>(
    table: Readonly<Record<string, V | null>>,
    id: string,
    load: (file: V) => Promise<string | undefined>,
  ) => {
    const file = entryOf(table, id)
    return file == null ? undefined : load(file)
  }

  const tokenImage = async (symbol: string) => {
    const known = entryOf(tokenSymbols, symbol)
    if (known === undefined) return undefined
    const ref = entryOf(tokensBySymbol, symbol)
    return ref ? web3Icons(ref) : tokenBadgeSvg(known)
  }

  const images: Array<
    [ReturnType<typeof imageRoute>, (id: string) => Promise<string | undefined>]
  > = [
    [getWalletImageRoute, (id) => walletImage(db, id)],
    [getAssetImageRoute, (id) => packageIcon(NETWORK_ICONS, id, web3Icons)],
    [getCurrencyImageRoute, async (id) => currencyImageSvg(id)],
    [getTokenImageRoute, (id) => tokenImage(id.toUpperCase())],
    [getSocialImageRoute, (id) => packageIcon(SOCIAL_ICONS, id, socialIcons)],
  ]
  for (const [route, imageOf] of images) {
    app.openapi(route, async (c) => {
      const { id } = c.req.valid('param')
      return svgResponse(c, validId(id) ? await imageOf(id) : undefined)
    })
  }
}
