// The name service (README "Names"): lookup, reverse lookup, suggestions and registration, whose
// signature is checked over the exact message on the chain of its coin type (EOA, EIP-1271,
// EIP-6492 through viem).
import type { OpenAPIHono } from '@hono/zod-openapi'
import { NAME_MESSAGE_MAX_SKEW_S } from '@latchkey/core/shared'
import type { Context } from 'hono'
import type { Kysely } from 'kysely'
import type { Chains } from '../chain/client.ts'
import { NAME_MESSAGE_MEMORY_MS, NAME_SUGGESTIONS_MAX } from '../constants/names.ts'
import type { Database } from '../db/schema.ts'
import type { AppEnv } from '../env.ts'
import {
  nameAddressInvalid,
  nameChainUnsupported,
  nameCoinTypeInvalid,
  nameError,
  nameMessageStale,
  nameNotRegistered,
  nameOwnedAlready,
  nameSignatureInvalid,
  nameSignatureReused,
  nameTaken,
  nameZoneUnknown,
} from '../errors/names.ts'
import { parseEvmAddress } from '../routes/chainParams.ts'
import { VerifierUnavailableError, verifyEvmSignature } from '../siwx/verify.ts'
import { parseNameMessage } from './nameMessage.ts'
import { acceptedZones, chainIdOfCoinType, parseName } from './nameRules.ts'
import {
  getNameRoute,
  getNameSuggestionsRoute,
  getReverseNamesRoute,
  postNameRoute,
} from './routeDefs.ts'
import { findName, namesOfAddress, registerName, takenLabels } from './store.ts'
import { nameVariants } from './suggestions.ts'

export interface NameRouteDeps {
  db: Kysely<Database>
  chains: Chains
  /** The zone names are registered in (NAME_ZONE), e.g. latchkey.id */
  zone: string
  now: () => number
}

type Refusal = 400 | 401 | 404 | 409 | 502

function refuse<S extends Refusal>(c: Context<AppEnv>, status: S, text: string) {
  return c.json(nameError(text), status)
}

export function registerNameRoutes(app: OpenAPIHono<AppEnv>, deps: NameRouteDeps) {
  const { db, zone } = deps
  const zones = acceptedZones(zone)

  app.openapi(getNameRoute, async (c) => {
    const parsed = parseName(c.req.valid('param').name, zones)
    if (!parsed.ok) return refuse(c, 404, nameNotRegistered)
    const record = await findName(db, parsed.label, zone)
    return record ? c.json(record, 200) : refuse(c, 404, nameNotRegistered)
  })

  app.openapi(getReverseNamesRoute, async (c) =>
    c.json(await namesOfAddress(db, c.req.valid('param').address, zone), 200),
  )

  app.openapi(getNameSuggestionsRoute, async (c) => {
    const asked = c.req.valid('query').zone?.replace(/^\./, '')
    if (asked !== undefined && !zones.includes(asked)) {
      return refuse(c, 400, nameZoneUnknown(zone))
    }
    const parsed = parseName(c.req.valid('param').name, zones)
    if (!parsed.ok) return refuse(c, 400, parsed.reason)
    const variants = nameVariants(parsed.label, zones)
    const taken = await takenLabels(db, [parsed.label, ...variants])
    const free = variants.filter((variant) => !taken.has(variant)).slice(0, NAME_SUGGESTIONS_MAX)
    return c.json(
      {
        suggestions: [
          { name: `${parsed.label}.${zone}`, registered: taken.has(parsed.label) },
          ...free.map((label) => ({ name: `${label}.${zone}`, registered: false })),
        ],
      },
      200,
    )
  })

  app.openapi(postNameRoute, async (c) => {
    const body = c.req.valid('json')
    const coinType = body.coin_type ?? body.coinType
    const chainId = coinType === undefined ? undefined : chainIdOfCoinType(coinType)
    if (coinType === undefined || chainId === undefined) {
      return refuse(c, 400, nameCoinTypeInvalid)
    }
    const chain = deps.chains.get(chainId)
    if (!chain) return refuse(c, 400, nameChainUnsupported(chainId))
    const address = parseEvmAddress(body.address)
    if (!address) return refuse(c, 400, nameAddressInvalid)
    const message = parseNameMessage(body.message)
    if (!message.ok) return refuse(c, 400, message.reason)
    const name = parseName(message.value.name, zones)
    if (!name.ok) return refuse(c, 400, name.reason)
    const now = deps.now()
    if (Math.abs(now / 1000 - message.value.timestamp) > NAME_MESSAGE_MAX_SKEW_S) {
      return refuse(c, 400, nameMessageStale)
    }
    try {
      if (!(await verifyEvmSignature(chain, address, body.message, body.signature))) {
        return refuse(c, 401, nameSignatureInvalid)
      }
    } catch (error) {
      if (error instanceof VerifierUnavailableError) return refuse(c, 502, error.message)
      throw error
    }
    const outcome = await registerName(db, {
      label: name.label,
      address,
      coinType,
      attributes: message.value.attributes,
      message: body.message,
      now: new Date(now),
      messageExpiresAt: new Date(now + NAME_MESSAGE_MEMORY_MS),
    })
    if (!outcome.ok) {
      if (outcome.refused === 'reused') return refuse(c, 409, nameSignatureReused)
      if (outcome.refused === 'taken') return refuse(c, 409, nameTaken(`${name.label}.${zone}`))
      return refuse(c, 409, nameOwnedAlready(`${outcome.label}.${zone}`))
    }
    const record = await findName(db, name.label, zone)
    if (!record) throw new Error(`the name ${name.label} was registered and is gone`)
    return c.json(record, 200)
  })
}
