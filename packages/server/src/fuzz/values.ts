// The fuzzer's values for a JSON schema, valid or not (wrong types, out-of-range lengths, hostile
// text); the PRNG is rng.ts, pattern sampling pattern.ts.
import { MAX_BODY_BYTES, MAX_JSON_DEPTH } from '../constants.ts'
import { samplePattern, WORD } from './pattern.ts'
import type { Rng } from './rng.ts'
/** The JSON Schema subset @hono/zod-openapi writes. */
export interface Schema {
  type?: string | string[]
  properties?: Record<string, Schema>
  required?: string[]
  additionalProperties?: boolean | Schema
  items?: Schema
  minItems?: number
  maxItems?: number
  minLength?: number
  maxLength?: number
  minimum?: number
  maximum?: number
  pattern?: string
  format?: string
  enum?: unknown[]
  const?: unknown
  example?: unknown
  default?: unknown
  anyOf?: Schema[]
  oneOf?: Schema[]
  allOf?: Schema[]
  $ref?: string
}

/** Texts that break naive code: NUL, lone surrogates, bidi and zero-width marks, injections. */
export const HOSTILE_TEXTS: readonly string[] = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\uD800',
  '\uDFFFx',
  '🦊',
  'é\u0301',
  '\u202Eevil',
  '\u200B',
  '\uFEFF',
  '\r\nX-Injected: 1',
  "'; drop table users; --",
  '<script>alert(1)</script>',
  '\u0024{7*7}{{7*7}}',
  '%',
  '%00',
  '%zz',
  '../../../../etc/passwd',
  '..%2F..%2Fetc%2Fpasswd',
  '\\..\\..\\windows',
  '__proto__',
  'constructor',
  'null',
  'undefined',
  'NaN',
  '-0',
  '1e309',
  '9007199254740993',
  '0x',
  '0x0000000000000000000000000000000000000000',
  'eip155:1',
  'eip155:',
  'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:11111111111111111111111111111111',
  ':::',
  ',,,',
]

/** The schema `$ref` names, in the document's components. */
export type Resolve = (schema: Schema) => Schema

const typesOf = (schema: Schema): string[] =>
  schema.type === undefined ? [] : Array.isArray(schema.type) ? schema.type : [schema.type]

/** The devnet's native coin, lUSD and LKT (the same on both chains) */
const FUZZ_TOKENS = [
  '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee',
  '0x5FbDB2315678afecb367f032d93F642f64180aa3',
  '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512',
] as const

/** Values the server's own checks want, by the property's name (the schema says only "string"). */
function byName(name: string, rng: Rng): string | undefined {
  const lower = name.toLowerCase()
  if (lower.includes('email')) return `fuzz${rng.int(0, 7)}@example.org`
  if (lower.endsWith('address')) {
    const hex = Array.from({ length: 40 }, () => rng.pick([...'0123456789abcdef'])).join('')
    return rng.chance(0.8) ? `0x${hex}` : 'So11111111111111111111111111111111111111112'
  }
  if (lower === 'chainid')
    return rng.pick([
      'eip155:1',
      'eip155:31337',
      'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
      'bip122:000000000019d6689c085ae165831e93',
    ])
  // Swap tokens (CAIP-10, the devnet's chain A: native, lUSD, LKT) and amounts in base units.
  if (lower === 'from' || lower === 'to' || lower === 'tokenaddress') {
    return `eip155:31337:${rng.pick([...FUZZ_TOKENS])}`
  }
  if (lower === 'amount')
    return rng.pick(['1', '1000', '1000000', '1000000000000000000', `${2n ** 256n - 1n}`])
  if (lower.includes('url') || lower === 'uri' || lower === 'domain')
    return 'http://127.0.0.1:5173/'
  return undefined
}

function validString(schema: Schema, rng: Rng, name: string): string {
  if (schema.example !== undefined && rng.chance(0.3)) return String(schema.example)
  const named = !schema.pattern && rng.chance(0.8) ? byName(name, rng) : undefined
  if (named) return named
  if (schema.pattern) {
    const text = samplePattern(schema.pattern, rng)
    return schema.maxLength ? text.slice(0, schema.maxLength) : text
  }
  if (schema.format === 'date-time') return new Date(rng.int(0, 4e12)).toISOString()
  if (schema.format === 'uuid') return crypto.randomUUID()
  if (schema.format === 'email') return `fuzz${rng.int(0, 7)}@example.org`
  const min = schema.minLength ?? 0
  const max = Math.min(schema.maxLength ?? 40, min + 40)
  let text = ''
  const length = rng.int(min, max)
  while (text.length < length) text += rng.pick([...WORD])
  return text
}

/** A value that fits `schema` (mostly: patterns and formats are sampled, not proven). */
export function validValue(
  input: Schema,
  rng: Rng,
  resolve: Resolve,
  depth = 0,
  name = '',
): unknown {
  const schema = resolve(input)
  if (schema.const !== undefined) return schema.const
  if (schema.enum) return rng.pick(schema.enum)
  const options = schema.anyOf ?? schema.oneOf
  if (options) return validValue(rng.pick(options), rng, resolve, depth, name)
  if (schema.allOf) return validValue(schema.allOf[0] ?? {}, rng, resolve, depth, name)
  const types = typesOf(schema).filter((type) => type !== 'null' || rng.chance(0.1))
  const type = types.length ? rng.pick(types) : schema.properties ? 'object' : 'string'
  switch (type) {
    case 'null':
      return null
    case 'boolean':
      return rng.chance(0.5)
    case 'integer':
    case 'number': {
      const value = rng.int(schema.minimum ?? 0, schema.maximum ?? 1_000)
      return type === 'number' && rng.chance(0.3) ? value + rng.next() : value
    }
    case 'array': {
      const count = rng.int(schema.minItems ?? 0, Math.min(schema.maxItems ?? 4, 4))
      if (depth > 6) return []
      return Array.from({ length: count }, () =>
        validValue(schema.items ?? {}, rng, resolve, depth + 1),
      )
    }
    case 'object': {
      const required = new Set(schema.required)
      const out: Record<string, unknown> = {}
      if (depth > 6) return out
      for (const [key, property] of Object.entries(schema.properties ?? {})) {
        if (required.has(key) || rng.chance(0.6))
          out[key] = validValue(property, rng, resolve, depth + 1, key)
      }
      return out
    }
    default:
      return validString(schema, rng, name)
  }
}

/** Nested arrays or objects `depth` deep, around `leaf`. */
export function nested(depth: number, leaf: unknown, rng: Rng): unknown {
  let value = leaf
  for (let i = 0; i < depth; i++) value = rng.chance(0.5) ? [value] : { a: value }
  return value
}

/** A value the schema should refuse, or hostile text where it takes any string. */
export function badValue(input: Schema, rng: Rng, resolve: Resolve): unknown {
  const schema = resolve(input)
  switch (rng.int(0, 9)) {
    case 0:
      return rng.pick([null, true, false, 0, -1, 1.5, 1e300, -1e300, [], {}, ''])
    case 1:
      return nested(rng.int(2, MAX_JSON_DEPTH + 8), rng.pick(HOSTILE_TEXTS), rng)
    case 2: {
      const length = (schema.maxLength ?? 64) + rng.int(1, 8)
      return rng.pick(['a', '🦊', '\u0000', 'é']).repeat(length)
    }
    case 3:
      return 'x'.repeat(rng.int(1_000, MAX_BODY_BYTES - 2_048))
    case 4:
      return rng.pick([
        [validValue(schema, rng, resolve)],
        { value: validValue(schema, rng, resolve) },
      ])
    case 5:
      return `${String(validValue(schema, rng, resolve))}${rng.pick(HOSTILE_TEXTS)}`
    default:
      return rng.pick(HOSTILE_TEXTS)
  }
}
