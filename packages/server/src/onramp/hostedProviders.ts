// Onramp providers plugged in by configuration (README "Buy crypto"): a provider whose checkout is
// a hosted page takes the purchase in its URL. The server fills the URL template; the modal
// opens it and follows the wallet's balance (such a provider reports no order to us).
import { isAddress } from 'viem'
import { z } from 'zod'
import { ONRAMP_SANDBOX_ID, ONRAMP_URL_FIELDS } from '../constants/onramp.ts'
import { OnrampError, refuseRestrictedRegion } from './onrampError.ts'
import { plainDecimal } from './onrampQuote.ts'

export type OnrampUrlField = (typeof ONRAMP_URL_FIELDS)[number]

export interface HostedProvider {
  /** Lower-case letters, digits and dashes; "sandbox" is the built-in provider's */
  id: string
  name: string
  /** The checkout's address with {field} placeholders (ONRAMP_URL_FIELDS); a path is this server's */
  url: string
  /** The CAIP-2 networks it sells on; every network when absent */
  networks?: string[]
}

const PLACEHOLDER = /\{([^{}]*)\}/g
const isLocal = (host: string) => ['localhost', '127.0.0.1', '[::1]'].includes(host)

function templateProblem(url: string, httpsOnly: boolean): string | undefined {
  for (const [, field] of url.matchAll(PLACEHOLDER)) {
    if (!(ONRAMP_URL_FIELDS as readonly string[]).includes(field ?? '')) {
      return `has an unknown placeholder {${field}} (known: ${ONRAMP_URL_FIELDS.map((f) => `{${f}}`).join(', ')})`
    }
  }
  // A path is a page of this server (the sandbox's hosted checkout): development only.
  if (url.startsWith('/') && !url.startsWith('//')) {
    return httpsOnly ? 'must be an https URL' : undefined
  }
  let parsed: URL
  try {
    parsed = new URL(url.replace(PLACEHOLDER, 'x'))
  } catch {
    return 'is not a URL'
  }
  if (parsed.protocol === 'https:') return undefined
  if (parsed.protocol === 'http:' && !httpsOnly && isLocal(parsed.hostname)) return undefined
  return httpsOnly || parsed.protocol !== 'http:'
    ? 'must be an https URL'
    : 'must be an https URL (http only on this machine: localhost or 127.0.0.1)'
}

const providerSchema = (httpsOnly: boolean) =>
  z
    .object({
      id: z
        .string()
        .regex(/^[a-z0-9][a-z0-9-]{0,31}$/, 'must be 1 to 32 lower-case letters, digits or dashes')
        .refine(
          (id) => id !== ONRAMP_SANDBOX_ID,
          `${ONRAMP_SANDBOX_ID} is the built-in provider’s id`,
        ),
      name: z.string().trim().min(1).max(40),
      url: z.string().max(2000),
      networks: z
        .array(z.string().regex(/^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/, 'must be a CAIP-2 id'))
        .min(1)
        .optional(),
    })
    .strict()
    .superRefine((provider, ctx) => {
      const problem = templateProblem(provider.url, httpsOnly)
      if (problem) ctx.addIssue({ code: 'custom', path: ['url'], message: problem })
    })

/**
 * The providers of ONRAMP_PROVIDERS (a JSON array) or of the option; a clear error naming the
 * first problem. `httpsOnly`: production, where a checkout must be https.
 */
export function parseHostedProviders(value: unknown, httpsOnly: boolean): HostedProvider[] {
  const parsed = z.array(providerSchema(httpsOnly)).max(10).safeParse(value)
  if (!parsed.success) {
    const [issue] = parsed.error.issues
    const where = issue?.path.length ? issue.path.join('.') : '(the list)'
    throw new Error(`ONRAMP_PROVIDERS: ${where} ${issue?.message ?? 'is not valid'}`)
  }
  const ids = parsed.data.map((p) => p.id)
  const twice = ids.find((id, i) => ids.indexOf(id) !== i)
  if (twice) throw new Error(`ONRAMP_PROVIDERS: the id ${twice} is given twice`)
  return parsed.data
}

/**
 * The provider's checkout URL: each placeholder replaced by its field, URL-encoded ('' if none);
 * a path is on `serverUrl`.
 */
export function hostedCheckoutUrl(
  provider: HostedProvider,
  fields: Partial<Record<OnrampUrlField, string>>,
  serverUrl: string,
): string {
  const filled = provider.url.replace(PLACEHOLDER, (_, field: OnrampUrlField) =>
    encodeURIComponent(fields[field] ?? ''),
  )
  return new URL(filled, serverUrl).href
}

/** The sandbox as a configured provider: its hosted page, to try ONRAMP_PROVIDERS locally */
export const SANDBOX_HOSTED_PROVIDER: HostedProvider = {
  id: 'sandbox-hosted',
  name: 'Sandbox hosted page',
  url: '/onramp/hosted?projectId={projectId}&address={address}&network={network}&asset={asset}&amount={amount}&cryptoAmount={cryptoAmount}&currency={currency}',
}

const sellsOn = (provider: HostedProvider, network: string) =>
  !provider.networks || provider.networks.includes(network)

export interface HostedCheckoutRequest {
  destinationWallets: { address: string; blockchains?: string[]; assets?: string[] }[]
  defaultNetwork?: string
  presetFiatAmount?: number
  presetCryptoAmount?: number
  fiatCurrency?: string
  timezone?: string
}

/** The checkout URL of a purchase from a configured provider; an OnrampError when refused. */
export function hostedCheckout(
  provider: HostedProvider,
  body: HostedCheckoutRequest,
  where: { projectId: string; serverUrl: string },
): string {
  refuseRestrictedRegion(body.timezone)
  const wallet = body.destinationWallets[0]
  const network = body.defaultNetwork ?? wallet?.blockchains?.[0]
  if (!wallet || network === undefined) {
    throw new OnrampError('Give destinationWallets[0].address and the network (defaultNetwork)')
  }
  if (!sellsOn(provider, network)) {
    throw new OnrampError(`${provider.name} does not sell on ${network}`)
  }
  if (network.startsWith('eip155:') && !isAddress(wallet.address, { strict: false })) {
    throw new OnrampError('destinationWallets[0].address must be an EVM address')
  }
  if (body.presetFiatAmount !== undefined && body.presetCryptoAmount !== undefined) {
    throw new OnrampError('Give presetFiatAmount or presetCryptoAmount, not both')
  }
  const amount = (value: number | undefined) =>
    value === undefined ? undefined : plainDecimal(value)
  return hostedCheckoutUrl(
    provider,
    {
      address: wallet.address,
      network,
      chainId: network.slice(network.indexOf(':') + 1),
      asset: wallet.assets?.[0],
      amount: amount(body.presetFiatAmount),
      cryptoAmount: amount(body.presetCryptoAmount),
      currency: body.fiatCurrency ?? 'USD',
      projectId: where.projectId,
    },
    where.serverUrl,
  )
}
