/**
 * A comma list of `key=url` items from an environment variable (EVM_RPC_URLS, SOLANA_RPC_URLS).
 * `make` turns one item into its config, or answers undefined for a key it refuses; any bad item
 * stops the start with the variable's expected shape.
 */
export function urlListFromEnv<T>(
  raw: string | undefined,
  expected: { variable: string; key: string },
  make: (key: string, rpcUrl: string) => T | undefined,
): T[] {
  if (raw === undefined || raw.trim() === '') return []
  return raw
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '')
    .map((item) => {
      const at = item.indexOf('=')
      const rpcUrl = item.slice(at + 1).trim()
      const made =
        at < 1 || !URL.canParse(rpcUrl) ? undefined : make(item.slice(0, at).trim(), rpcUrl)
      if (made === undefined) {
        throw new Error(`${expected.variable} items must be ${expected.key}=url, got '${item}'`)
      }
      return made
    })
}
