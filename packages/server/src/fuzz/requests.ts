// Requests for every operation of an OpenAPI document: each parameter and body from its schema,
// valid-ish or malformed (wrong types, missing and extra fields, deep nesting, hostile text,
// path segments with %00 or ../, the wrong content type, raw JSON that does not parse).
import { MAX_BODY_BYTES } from '../constants.ts'
import type { Rng } from './rng.ts'
import { badValue, HOSTILE_TEXTS, nested, type Schema, validValue } from './values.ts'

interface Parameter {
  name: string
  in: 'path' | 'query' | 'header' | 'cookie'
  required?: boolean
  schema?: Schema
}

interface OperationObject {
  parameters?: Parameter[]
  requestBody?: { required?: boolean; content: Record<string, { schema?: Schema }> }
  security?: unknown[]
}

/** What /openapi.json carries that the fuzzer reads */
export interface OpenApiDocument {
  paths: Record<string, Record<string, OperationObject>>
  components?: { schemas?: Record<string, Schema> }
}

export interface Operation {
  method: string
  /** The documented path, e.g. /getWalletImage/{id} */
  path: string
  parameters: Parameter[]
  body?: { contentType: string; schema: Schema; required: boolean }
  secured: boolean
}

const METHODS = new Set(['get', 'put', 'post', 'delete', 'patch', 'head', 'options'])

/** Every operation the document lists, in its order. */
export function operationsOf(doc: OpenApiDocument): Operation[] {
  const operations: Operation[] = []
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (!METHODS.has(method)) continue
      const [contentType, media] = Object.entries(operation.requestBody?.content ?? {})[0] ?? []
      operations.push({
        method: method.toUpperCase(),
        path,
        parameters: operation.parameters ?? [],
        ...(contentType && {
          body: {
            contentType,
            schema: media?.schema ?? {},
            required: operation.requestBody?.required ?? false,
          },
        }),
        secured: (operation.security?.length ?? 0) > 0,
      })
    }
  }
  return operations
}

/** `$ref: '#/components/schemas/X'` → the schema it names */
export function resolverOf(doc: OpenApiDocument) {
  return (schema: Schema): Schema => {
    if (!schema.$ref) return schema
    const name = schema.$ref.split('/').pop() ?? ''
    return doc.components?.schemas?.[name] ?? {}
  }
}

export interface FuzzContext {
  /** A project the server knows: most requests carry it, so they get past the project check */
  projectId: string
  /** Origins the server allows (CORS); one is sent on most requests */
  origins: readonly string[]
  /** Valid bearer tokens, when the caller signed someone in */
  tokens: readonly string[]
}

export interface FuzzRequest {
  /** The operation, e.g. 'GET /getWalletImage/{id}' */
  operation: string
  url: string
  init: RequestInit
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g
/** A lone surrogate cannot be percent-encoded; a browser would send U+FFFD instead. */
const wellFormed = (text: string) => text.replace(LONE_SURROGATE, '\uFFFD')

function pathSegment(
  rng: Rng,
  name: string,
  schema: Schema | undefined,
  resolve: (s: Schema) => Schema,
) {
  switch (rng.int(0, 7)) {
    case 0:
      return rng.pick([
        '%00',
        'a%00b',
        '..',
        '..%2F..%2Fetc%2Fpasswd',
        '%2e%2e',
        '%252e',
        '%',
        '%zz',
      ])
    case 1:
      return encodeURIComponent('x'.repeat(rng.int(300, 9_000)))
    case 2:
      return encodeURIComponent(wellFormed(rng.pick(HOSTILE_TEXTS))) || '%20'
    default:
      return encodeURIComponent(wellFormed(String(validValue(schema ?? {}, rng, resolve, 0, name))))
  }
}

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')

/** Something shaped like a DPoP proof (a JWT), never a valid one. */
function dpopLike(rng: Rng): string {
  const header = rng.pick([
    { typ: 'dpop+jwt', alg: 'ES256', jwk: { kty: 'EC', crv: 'P-256', x: 'AA', y: 'AA' } },
    { typ: 'dpop+jwt', alg: 'none' },
    { typ: 'dpop+jwt', alg: 'ES256', jwk: rng.pick(HOSTILE_TEXTS) },
    [],
  ])
  const claims = { htm: 'GET', htu: rng.pick(HOSTILE_TEXTS), iat: rng.int(-1, 2 ** 31), jti: '' }
  return rng.pick([
    `${base64url(header)}.${base64url(claims)}.${'A'.repeat(rng.int(0, 90))}`,
    'a.b.c',
    '..',
    'x'.repeat(rng.int(1, 6_000)),
  ])
}

function queryText(value: unknown): string {
  return wellFormed(typeof value === 'string' ? value : (JSON.stringify(value) ?? ''))
}

/** The body as sent: valid, missing fields, extra fields, wrong types, or raw text. */
function bodyOf(operation: Operation, rng: Rng, resolve: (s: Schema) => Schema) {
  const body = operation.body
  const schema = resolve(body?.schema ?? {})
  let contentType = body?.contentType ?? 'application/json'
  let value = validValue(schema, rng, resolve)
  const roll = rng.int(0, 11)
  if (roll === 0) value = undefined
  else if (roll === 1) value = badValue(schema, rng, resolve)
  else if (roll <= 5 && value && typeof value === 'object' && !Array.isArray(value)) {
    const object = value as Record<string, unknown>
    const keys = Object.keys(schema.properties ?? {})
    const key = keys.length ? rng.pick(keys) : 'x'
    if (roll === 2) delete object[key]
    else if (roll === 3) object[key] = badValue(schema.properties?.[key] ?? {}, rng, resolve)
    else if (roll === 4) object[rng.pick(['__proto__', 'constructor', 'extra', '\u0000', ''])] = 1
    else object[key] = nested(rng.int(1, 40), object[key] ?? null, rng)
  }
  let text: string | undefined
  if (contentType.includes('json')) {
    text = value === undefined ? undefined : JSON.stringify(value)
    if (text !== undefined && rng.chance(0.08)) {
      text = rng.pick([
        text.slice(0, rng.int(0, text.length)),
        `\uFEFF${text}`,
        `${text},`,
        text.replace(/\d+/, '1e999'),
        text.replace(/"/, "'"),
        '{"a":1,"a":2}',
        'nul',
      ])
    }
  } else if (value && typeof value === 'object') {
    const form = new URLSearchParams()
    for (const [k, v] of Object.entries(value)) form.append(k, queryText(v))
    text = form.toString()
  } else if (value !== undefined) text = queryText(value)
  if (rng.chance(0.05)) {
    contentType = rng.pick([
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      '',
    ])
  }
  if (text && text.length > MAX_BODY_BYTES) text = text.slice(0, MAX_BODY_BYTES)
  return { text, contentType }
}

/** One request for `operation`, from `rng`. */
export function fuzzRequest(
  operation: Operation,
  context: FuzzContext,
  rng: Rng,
  resolve: (schema: Schema) => Schema,
): FuzzRequest {
  let path = operation.path
  const query = new URLSearchParams()
  const headers: Record<string, string> = {}
  const cookies: string[] = []
  for (const parameter of operation.parameters) {
    const schema = resolve(parameter.schema ?? {})
    if (parameter.in === 'path') {
      path = path.replace(`{${parameter.name}}`, pathSegment(rng, parameter.name, schema, resolve))
      continue
    }
    if (!parameter.required && rng.chance(0.5)) continue
    if (rng.chance(0.05)) continue
    let value: unknown =
      parameter.name === 'projectId' && rng.chance(0.9)
        ? context.projectId
        : validValue(schema, rng, resolve, 0, parameter.name)
    if (rng.chance(0.15)) value = badValue(schema, rng, resolve)
    const text = queryText(value).slice(0, 16_384)
    if (parameter.in === 'query') {
      query.append(parameter.name, text)
      if (rng.chance(0.05)) query.append(parameter.name, text)
    } else if (parameter.in === 'cookie')
      cookies.push(`${parameter.name}=${encodeURIComponent(text)}`)
    else headers[parameter.name] = encodeURIComponent(text)
  }
  if (rng.chance(0.1)) query.append(wellFormed(rng.pick(HOSTILE_TEXTS)) || 'x', 'extra')
  if (context.origins.length && rng.chance(0.8)) headers.Origin = rng.pick(context.origins)
  if (operation.secured || rng.chance(0.05)) {
    const token = context.tokens.length && rng.chance(0.5) ? rng.pick(context.tokens) : undefined
    const roll = rng.int(0, 3)
    if (token) headers.Authorization = `Bearer ${token}`
    else if (roll === 1)
      headers.Authorization = `Bearer ${encodeURIComponent(String(validValue({}, rng, resolve)))}`
    else if (roll === 2)
      headers.Authorization = rng.pick(['Bearer', 'Bearer ', 'Basic YTpi', 'bearer x.y.z'])
  }
  if (headers.Authorization && rng.chance(0.5)) headers.DPoP = dpopLike(rng)
  if (cookies.length) headers.Cookie = cookies.join('; ')
  const method = rng.chance(0.03)
    ? rng.pick(['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'])
    : operation.method
  const init: RequestInit = { method, headers }
  if (method !== 'GET' && method !== 'HEAD' && (operation.body || rng.chance(0.05))) {
    const { text, contentType } = bodyOf(operation, rng, resolve)
    if (text !== undefined) init.body = text
    if (contentType) headers['Content-Type'] = contentType
  }
  const search =
    query.toString() + (rng.chance(0.03) ? rng.pick(['&%', '&%zz=1', '&=x', '&&']) : '')
  return {
    operation: `${operation.method} ${operation.path}`,
    url: `${path}${search ? `?${search}` : ''}`,
    init,
  }
}
