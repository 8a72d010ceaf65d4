// What the server reads from its environment when startServer() is not told: ports, the mode,
// the frame build, the mail server, the directory's size, the local stack's origins.
import { resolve } from 'node:path'
import { DEFAULT_NAME_ZONE } from '@latchkey/core/shared'
import type { FarcasterOptions } from './auth/farcaster/relay.ts'
import type { MailOptions } from './auth/mailer.ts'
import { DEFAULT_SMTP_PORT } from './constants/auth.ts'
import {
  ADMIN_TOKEN_ENV,
  DEFAULT_DEMO_PORT,
  DEFAULT_FRAME_PORT,
  DEFAULT_SERVER_HOST,
  MIN_ADMIN_TOKEN_LENGTH,
} from './constants.ts'
import { farcasterEnvIncomplete } from './errors/farcaster.ts'
import { type HostedProvider, parseHostedProviders } from './onramp/hostedProviders.ts'
import type { FrameSiteServerOptions, ServerMode, StartServerOptions } from './serverOptions.ts'

export function frameFromEnv(): FrameSiteServerOptions | undefined {
  const dir = process.env.FRAME_DIR
  return dir ? { dir: resolve(process.cwd(), dir) } : undefined
}

/** LATCHKEY_ENV (production | development); unset: production when NODE_ENV says so */
export function modeFromEnv(): ServerMode {
  const value = process.env.LATCHKEY_ENV
  if (value === 'production' || value === 'development') return value
  if (value) throw new Error(`LATCHKEY_ENV is production or development, got '${value}'`)
  return process.env.NODE_ENV === 'production' ? 'production' : 'development'
}

export function portFromEnv(name: string, fallback: number): number {
  const value = Number(process.env[name])
  return Number.isInteger(value) && value > 0 && value < 65_536 ? value : fallback
}

export function directorySizeFromEnv(): number {
  const raw = process.env.LATCHKEY_DIRECTORY_SIZE
  if (raw === undefined || raw === '') return 0
  const size = Number(raw)
  if (!Number.isInteger(size) || size < 0) {
    throw new Error(`LATCHKEY_DIRECTORY_SIZE must be a whole number, got '${raw}'`)
  }
  return size
}

/** docs/architecture.md "The local stack": the demo page and the frame site, by IP and by name. */
export function defaultAllowedOrigins(): string[] {
  const ports = new Set([
    DEFAULT_DEMO_PORT,
    portFromEnv('DEMO_PORT', DEFAULT_DEMO_PORT),
    portFromEnv('FRAME_PORT', DEFAULT_FRAME_PORT),
  ])
  return [...ports].flatMap((port) => [`http://127.0.0.1:${port}`, `http://localhost:${port}`])
}

/** docs/architecture.md "The local stack": the frame site, by IP and by name. */
export function defaultFrameOrigins(): string[] {
  const port = portFromEnv('FRAME_PORT', DEFAULT_FRAME_PORT)
  return [`http://127.0.0.1:${port}`, `http://localhost:${port}`]
}

/** SMTP_HOST and SMTP_PORT when SMTP_PORT is set, else the devnet's capture on 127.0.0.1:2525 */
export function mailFromEnv(): MailOptions {
  const port = portFromEnv('SMTP_PORT', 0)
  return port
    ? { host: process.env.SMTP_HOST || DEFAULT_SERVER_HOST, port }
    : { host: DEFAULT_SERVER_HOST, port: DEFAULT_SMTP_PORT }
}

/** The admin token (option or LATCHKEY_ADMIN_TOKEN), refused when short enough to guess */
export function adminTokenFrom(option: string | undefined): string | undefined {
  const token = option ?? (process.env[ADMIN_TOKEN_ENV] || undefined)
  if (token !== undefined && token.length < MIN_ADMIN_TOKEN_LENGTH) {
    throw new Error(
      `${ADMIN_TOKEN_ENV} must be at least ${MIN_ADMIN_TOKEN_LENGTH} characters (e.g. openssl rand -hex 32)`,
    )
  }
  return token
}

/** The onramp sandbox's treasury key (option or ONRAMP_TREASURY_KEY): 32 bytes of hex */
export function onrampTreasuryKeyFrom(
  option: `0x${string}` | undefined,
): `0x${string}` | undefined {
  const key = option ?? (process.env.ONRAMP_TREASURY_KEY || undefined)
  if (key !== undefined && !/^0x[0-9a-fA-F]{64}$/.test(key)) {
    throw new Error('ONRAMP_TREASURY_KEY must be a private key: 0x and 64 hex digits')
  }
  return key as `0x${string}` | undefined
}

/** The onramp sandbox's Solana treasury seed (option or ONRAMP_SOLANA_TREASURY_KEY): 32 bytes of hex */
export function onrampSolanaTreasuryKeyFrom(option: string | undefined): string | undefined {
  const key = option ?? (process.env.ONRAMP_SOLANA_TREASURY_KEY || undefined)
  if (key !== undefined && !/^[0-9a-fA-F]{64}$/.test(key)) {
    throw new Error('ONRAMP_SOLANA_TREASURY_KEY must be an ed25519 seed: 64 hex digits')
  }
  return key
}

/** The configured onramp providers (option or ONRAMP_PROVIDERS, a JSON array); checked */
export function onrampProvidersFrom(
  option: unknown[] | undefined,
  httpsOnly: boolean,
): HostedProvider[] {
  const text = process.env.ONRAMP_PROVIDERS?.trim()
  if (option === undefined && !text) return []
  let value: unknown = option
  if (option === undefined) {
    try {
      value = JSON.parse(text ?? '')
    } catch {
      throw new Error('ONRAMP_PROVIDERS must be a JSON array of providers (README "Buy crypto")')
    }
  }
  return parseHostedProviders(value, httpsOnly)
}

/** The name service's zone (option or NAME_ZONE): lower-case DNS labels with a dot, no leading dot */
export function nameZoneFrom(option: string | undefined): string {
  const zone = option ?? (process.env.NAME_ZONE?.trim().replace(/^\./, '') || DEFAULT_NAME_ZONE)
  if (!/^(?=.{3,100}$)([a-z0-9]([a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,}$/.test(zone)) {
    throw new Error(`NAME_ZONE must be a domain in lower case, like example.id (got '${zone}')`)
  }
  return zone
}

/** Sign In With Farcaster's relay and chain (option, else FARCASTER_RELAY_URL and FARCASTER_RPC_URL) */
export function farcasterFrom(option: FarcasterOptions | undefined): FarcasterOptions | undefined {
  if (option) return option
  const relayUrl = process.env.FARCASTER_RELAY_URL?.trim()
  const rpcUrl = process.env.FARCASTER_RPC_URL?.trim()
  if (!relayUrl && !rpcUrl) return undefined
  if (!relayUrl || !rpcUrl) throw new Error(farcasterEnvIncomplete)
  return { relayUrl, rpcUrl }
}

/**
 * The onramp's, the name service's and Farcaster login's settings, checked: the sandbox's
 * treasuries in development only (its payments are test payments), configured providers (https
 * in production), the zone, the Farcaster relay
 */
export function serviceOptionsFrom(
  options: Pick<
    StartServerOptions,
    'onrampTreasuryKey' | 'onrampSolanaTreasuryKey' | 'onrampProviders' | 'nameZone' | 'farcaster'
  >,
  mode: ServerMode,
) {
  const onrampTreasuryKey = onrampTreasuryKeyFrom(options.onrampTreasuryKey)
  const onrampSolanaTreasuryKey = onrampSolanaTreasuryKeyFrom(options.onrampSolanaTreasuryKey)
  const farcaster = farcasterFrom(options.farcaster)
  return {
    ...(mode === 'development' && { onrampTreasuryKey, onrampSolanaTreasuryKey }),
    onrampProviders: onrampProvidersFrom(options.onrampProviders, mode === 'production'),
    nameZone: nameZoneFrom(options.nameZone),
    ...(farcaster && { farcaster }),
  }
}
