// Which EVM chains the data API serves: startServer({ chains }) or EVM_RPC_URLS.
import { urlListFromEnv } from './urlListFromEnv.ts'

export interface ChainConfig {
  chainId: number
  rpcUrl: string
}

/** The CAIP-2 id of an EVM chain: eip155:<chainId>. */
export function caip2(chainId: number): string {
  return `eip155:${chainId}`
}

/** The chain id of an eip155 CAIP-2 id, or undefined when it is not one. */
export function parseCaip2(value: string): number | undefined {
  const match = /^eip155:([1-9]\d{0,15})$/.exec(value)
  if (!match) return undefined
  const id = Number(match[1])
  return Number.isSafeInteger(id) ? id : undefined
}

/** EVM_RPC_URLS: a comma list of chainId=url, e.g. "31337=http://127.0.0.1:8545". */
export function chainsFromEnv(raw = process.env.EVM_RPC_URLS): ChainConfig[] {
  return urlListFromEnv(raw, { variable: 'EVM_RPC_URLS', key: 'chainId' }, (key, rpcUrl) => {
    const chainId = Number(key)
    return Number.isSafeInteger(chainId) && chainId > 0 ? { chainId, rpcUrl } : undefined
  })
}
