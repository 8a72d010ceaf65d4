/**
 * The value with every bigint as a number: @solana/kit reads the RPC's JSON integers as bigints,
 * web3.js gives numbers, and apps pass these values to JSON.stringify, which refuses bigints.
 */
export function withNumbers<T>(value: T): T {
  if (typeof value === 'bigint') return Number(value) as T
  if (Array.isArray(value)) return value.map(withNumbers) as T
  if (typeof value !== 'object' || value === null || ArrayBuffer.isView(value)) return value
  return Object.fromEntries(
    Object.entries(value).map(([key, entry]) => [key, withNumbers(entry)]),
  ) as T
}
