// JSON with u64 fidelity: Solana's RPC writes u64 values (lamports, rentEpoch u64::MAX, …) as
// plain JSON numbers, even past 2^53. Bigints here are written as exact digits; JSON.stringify
// would throw on them, and numbers would round.

export function stringifyJson(value: unknown): string {
  if (typeof value === 'bigint') return value.toString()
  if (value === null || typeof value !== 'object') {
    // undefined and functions have no JSON form; callers only pass them as object fields.
    return JSON.stringify(value) ?? 'null'
  }
  if (Array.isArray(value)) {
    return `[${value.map((item) => (item === undefined ? 'null' : stringifyJson(item))).join(',')}]`
  }
  const fields: string[] = []
  for (const [key, field] of Object.entries(value)) {
    if (field === undefined || typeof field === 'function') continue
    fields.push(`${JSON.stringify(key)}:${stringifyJson(field)}`)
  }
  return `{${fields.join(',')}}`
}
