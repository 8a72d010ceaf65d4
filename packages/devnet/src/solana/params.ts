// Reading a method's positional params the way Agave's RPC does: values in order, an optional
// config object last. Any mismatch is a -32602 naming the parameter.
import { getBase58Encoder, isAddress } from '@solana/kit'
import { RPC_ERROR_CODES } from './constants.ts'
import { invalidParam, invalidParams, RpcError } from './rpc-error.ts'

export type Config = Record<string, unknown>

const COMMITMENTS = ['processed', 'confirmed', 'finalized'] as const
export type Commitment = (typeof COMMITMENTS)[number]

/** The params array; absent params are an empty one. */
export function paramList(params: unknown): unknown[] {
  if (params === undefined || params === null) return []
  if (Array.isArray(params)) return params
  throw invalidParams('params must be an array of positional parameters')
}

export function required(params: unknown[], index: number, name: string): unknown {
  const value = params[index]
  if (value === undefined || value === null) {
    throw invalidParams(`missing parameter ${index} (${name})`)
  }
  return value
}

export function pubkey(value: unknown, name: string): string {
  if (typeof value === 'string' && isAddress(value)) return value
  throw invalidParam(`'${name}' must be a base58 public key (32 bytes), got ${show(value)}`)
}

export function signature(value: unknown, name = 'signature'): string {
  if (typeof value === 'string' && /^[1-9A-HJ-NP-Za-km-z]{64,88}$/.test(value)) {
    try {
      if (getBase58Encoder().encode(value).length === 64) return value
    } catch {
      // not base58: reported below
    }
  }
  throw invalidParam(`'${name}' must be a base58 signature (64 bytes), got ${show(value)}`)
}

/** A non-negative integer below 2^64. */
export function u64(value: unknown, name: string): bigint {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return BigInt(value)
  if (typeof value === 'bigint' && value >= 0n && value < 2n ** 64n) return value
  throw invalidParams(`'${name}' must be a non-negative integer, got ${show(value)}`)
}

export function usize(value: unknown, name: string): number {
  return Number(u64(value, name))
}

export function config(value: unknown): Config {
  if (value === undefined || value === null) return {}
  if (typeof value === 'object' && !Array.isArray(value)) return value as Config
  throw invalidParams(`the last parameter must be a configuration object, got ${show(value)}`)
}

/** Accepts and checks `commitment`; this node has one state, so every level reads the same. */
export function commitment(cfg: Config): Commitment | undefined {
  const value = cfg.commitment
  if (value === undefined || value === null) return undefined
  if (typeof value === 'string' && (COMMITMENTS as readonly string[]).includes(value)) {
    return value as Commitment
  }
  throw invalidParams(`'commitment' must be processed, confirmed or finalized, got ${show(value)}`)
}

export function oneOf<T extends string>(
  cfg: Config,
  name: string,
  allowed: readonly T[],
  fallback: T,
): T {
  const value = cfg[name]
  if (value === undefined || value === null) return fallback
  if (typeof value === 'string' && (allowed as readonly string[]).includes(value)) return value as T
  throw invalidParams(`'${name}' must be one of ${allowed.join(', ')}, got ${show(value)}`)
}

export function optionalBoolean(cfg: Config, name: string): boolean | undefined {
  const value = cfg[name]
  if (value === undefined || value === null) return undefined
  if (typeof value === 'boolean') return value
  throw invalidParams(`'${name}' must be true or false, got ${show(value)}`)
}

/** `minContextSlot`: Agave answers -32016 while the node has not reached it. */
export function checkMinContextSlot(cfg: Config, slot: bigint): void {
  if (cfg.minContextSlot === undefined || cfg.minContextSlot === null) return
  const min = u64(cfg.minContextSlot, 'minContextSlot')
  if (min > slot) {
    throw new RpcError(
      RPC_ERROR_CODES.minContextSlotNotReached,
      'Minimum context slot has not been reached',
      { contextSlot: slot },
    )
  }
}

/** Reads every common config field a read method takes. */
export function readConfig(value: unknown, slot: bigint): Config {
  const cfg = config(value)
  commitment(cfg)
  checkMinContextSlot(cfg, slot)
  return cfg
}

function show(value: unknown): string {
  const text = typeof value === 'string' ? `"${value}"` : (JSON.stringify(value) ?? String(value))
  return text.length > 80 ? `${text.slice(0, 77)}...` : text
}
