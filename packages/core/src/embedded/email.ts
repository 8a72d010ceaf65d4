/** §5 An email a person could have typed: one @, a local part, a dotted domain, no spaces, ≤254 chars. */
const EMAIL = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/

export function isValidEmail(value: unknown): value is string {
  return typeof value === 'string' && value.length <= 254 && EMAIL.test(value.trim())
}
