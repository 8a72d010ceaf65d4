import { z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import type { ZodError } from 'zod'
import { MAX_COMMON_PARAM_LENGTH, MAX_LIST_ITEM_LENGTH, MAX_LIST_ITEMS } from '../constants.ts'
import { invalidParameter } from '../errors/body.ts'
import { hasControlCharacters } from '../text.ts'

/** A query value given once (a repeated key arrives as an array). */
export function singleValue() {
  return z.string({
    error: (issue) => (Array.isArray(issue.input) ? 'must be given once' : 'must be a string'),
  })
}

/** An optional short text: at most `max` characters, no control characters. */
export function shortText(max: number) {
  return singleValue()
    .max(max, { error: `must be at most ${max} characters` })
    .refine((value) => !hasControlCharacters(value), {
      error: 'must not contain control characters',
    })
}

/** §7 every call: projectId (checked first by the project middleware), st, sv. */
export const commonQuery = {
  projectId: shortText(MAX_COMMON_PARAM_LENGTH).openapi({
    description: 'The project id (§7). Missing: 400 APKT008; unknown: 403 APKT007.',
    example: 'c4b1e7d2a9f04e6b8d3a5f1e2c7b9a60',
  }),
  st: shortText(MAX_COMMON_PARAM_LENGTH)
    .optional()
    .openapi({ description: 'SDK type', example: 'appkit' }),
  sv: shortText(MAX_COMMON_PARAM_LENGTH)
    .optional()
    .openapi({ description: 'SDK version', example: 'html-wagmi-4.2.2' }),
}

/** A whole number in [min, max]; absent or empty means `fallback`. */
export function integerParam(min: number, max: number, fallback: number) {
  const reason = `must be a whole number from ${min} to ${max}`
  return singleValue()
    .optional()
    .transform((value, ctx) => {
      const text = value?.trim() ?? ''
      if (text === '') return fallback
      const parsed = /^\d{1,10}$/.test(text) ? Number(text) : Number.NaN
      if (Number.isInteger(parsed) && parsed >= min && parsed <= max) return parsed
      ctx.addIssue({ code: 'custom', message: reason })
      return z.NEVER
    })
    .openapi({ type: 'integer', minimum: min, maximum: max, default: fallback })
}

/**
 * A comma list: items trimmed, empty ones dropped; absent or empty means no filter.
 * `check` returns a reason when an item is not acceptable.
 */
export function listParam(check?: (item: string) => string | undefined) {
  return singleValue()
    .optional()
    .transform((value, ctx) => {
      const items = (value ?? '')
        .split(',')
        .map((item) => item.trim())
        .filter((item) => item !== '')
      if (items.length === 0) return undefined
      const fail = (message: string) => {
        ctx.addIssue({ code: 'custom', message })
        return z.NEVER
      }
      if (items.length > MAX_LIST_ITEMS) return fail(`must list at most ${MAX_LIST_ITEMS} items`)
      for (const item of items) {
        if (item.length > MAX_LIST_ITEM_LENGTH) {
          return fail(`items must be at most ${MAX_LIST_ITEM_LENGTH} characters`)
        }
        if (hasControlCharacters(item)) return fail('must not contain control characters')
        const reason = check?.(item)
        if (reason) return fail(reason)
      }
      return [...new Set(items)]
    })
    .openapi({ type: 'string', description: 'Comma-separated list' })
}

/** Trimmed text; absent, empty or blank means none. */
export function trimmedText(max: number) {
  return singleValue()
    .optional()
    .transform((value, ctx) => {
      const text = value?.trim() ?? ''
      if (text === '') return undefined
      if (text.length > max) {
        ctx.addIssue({ code: 'custom', message: `must be at most ${max} characters` })
        return z.NEVER
      }
      if (hasControlCharacters(text)) {
        ctx.addIssue({ code: 'custom', message: 'must not contain control characters' })
        return z.NEVER
      }
      return text
    })
    .openapi({ type: 'string', maxLength: max })
}

/** The first problem, naming its parameter: "Invalid parameter 'page': must be ...". */
export function describeValidationError(error: ZodError): string {
  const issue = error.issues[0]
  const name = issue?.path.map(String).join('.') || 'query'
  return invalidParameter(name, issue?.message ?? 'is not valid').error
}

/** OpenAPIHono's defaultHook: every validation failure is a 400 `{ error }`. */
export function validationHook(
  result: { success: true } | { success: false; error: ZodError },
  c: Context,
) {
  if (!result.success) return c.json({ error: describeValidationError(result.error) }, 400)
  return undefined
}

export const ErrorSchema = z
  .object({
    error: z.string().openapi({ example: "Invalid parameter 'page': must be a whole number" }),
    code: z.string().optional().openapi({ example: 'APKT007' }),
  })
  .openapi('Error')

/** An OpenAPI answer of JSON with this schema */
export function json<T extends z.ZodType>(schema: T, description: string) {
  return { description, content: { 'application/json': { schema } } }
}

/** The error answers every project-scoped route can give. */
export const projectErrorResponses = {
  400: {
    description: 'A parameter is invalid, or projectId is missing (code APKT008)',
    content: { 'application/json': { schema: ErrorSchema } },
  },
  403: {
    description: 'Unknown projectId (code APKT007)',
    content: { 'application/json': { schema: ErrorSchema } },
  },
  429: {
    description: 'Rate limited (code APKT010); see Retry-After',
    content: { 'application/json': { schema: ErrorSchema } },
  },
} as const
