import { AppKitError, ErrorText, type SetupAlertCode, SetupAlerts } from './errors'

// Client of the §7 wallet/config service: URLs, in-flight dedupe, error mapping, and shape
// checks of every answer. Loaded lazily (see appkit.ts): nothing here is in the first load.

/** §3 Wallet list item, as the service sends it. */
export interface WalletItem {
  id: string
  name: string
  image_id: string | null
  rdns: string | null
  /** CAIP-2 network ids */
  chains: string[]
  homepage: string | null
  mobile_link: string | null
  desktop_link: string | null
  webapp_link: string | null
  app_store: string | null
  play_store: string | null
  chrome_store: string | null
  badge_type: 'certified' | 'none'
}

/** §7 GET /getWallets query; lists are sent comma-joined. */
export interface GetWalletsParams {
  page?: number
  entries?: number
  include?: readonly string[]
  exclude?: readonly string[]
  chains?: readonly string[]
  search?: string
  badge_type?: 'certified' | 'none'
  names?: readonly string[]
  rdns?: readonly string[]
  badge?: string
}

export interface WalletsPage {
  data: WalletItem[]
  count: number
}

/** §7 GET /appkit/v1/config `features`. A field the service leaves out (or sends malformed) is absent. */
export interface RemoteFeatures {
  swaps?: boolean
  onramp?: boolean
  email?: boolean
  socials?: string[] | false
  activity?: boolean
  emailCapture?: boolean
}

export interface RemoteConfig {
  features: RemoteFeatures
}

export interface ApiClientOptions {
  apiUrl: string
  projectId: string
  sdkType: string
  sdkVersion: string
  fetch?: (input: string, init?: RequestInit) => Promise<Response>
}

export interface ApiClient {
  getWallets(params?: GetWalletsParams): Promise<WalletsPage>
  getConfig(): Promise<RemoteConfig>
  getOrigins(): Promise<{ allowedOrigins: string[] }>
  getAnalyticsConfig(): Promise<{ isAnalyticsEnabled: boolean }>
  walletImageUrl(imageId: string): string
  assetImageUrl(id: string): string
}

/**
 * A failed call. `status` is the HTTP status; 0 when no HTTP answer came (network failure, or
 * the request was never made because the project ID is missing). `code` is the service's
 * APKT code when its body carried one.
 */
export class ApiError extends AppKitError {
  readonly status: number
  readonly path: string

  constructor(
    message: string,
    options: { status: number; path: string; code?: string; cause?: unknown },
  ) {
    super(message, { code: options.code, cause: options.cause })
    this.name = 'ApiError'
    this.status = options.status
    this.path = options.path
  }
}

/** The §8 setup alert a failed call stands for; `fallback` when it is none of the specific ones. */
export function setupAlertCodeFor(error: unknown, fallback: SetupAlertCode): SetupAlertCode {
  if (!(error instanceof ApiError)) return fallback
  if (error.code === 'APKT008') return 'APKT008'
  if (error.code === 'APKT007' || error.status === 403) return 'APKT007'
  if (error.code === 'APKT010' || error.status === 429) return 'APKT010'
  return fallback
}

// ---- Shape checks ----

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function isNonEmptyString(value: unknown): value is string {
  return typeof value === 'string' && value !== ''
}

const NULLABLE_STRING_FIELDS = [
  'image_id',
  'rdns',
  'homepage',
  'mobile_link',
  'desktop_link',
  'webapp_link',
  'app_store',
  'play_store',
  'chrome_store',
] as const

/**
 * A wallet item, or undefined when it is malformed: id or name missing, or a field present
 * with the wrong type. Absent optional fields read as null / [] / 'none'.
 */
export function toWalletItem(value: unknown): WalletItem | undefined {
  if (!isRecord(value) || !isNonEmptyString(value.id) || !isNonEmptyString(value.name)) {
    return undefined
  }
  const strings: Partial<Record<(typeof NULLABLE_STRING_FIELDS)[number], string | null>> = {}
  for (const field of NULLABLE_STRING_FIELDS) {
    const fieldValue = value[field] ?? null
    if (fieldValue !== null && typeof fieldValue !== 'string') return undefined
    strings[field] = fieldValue === '' ? null : fieldValue
  }
  const chains = value.chains ?? []
  if (!Array.isArray(chains) || !chains.every((chain) => typeof chain === 'string')) {
    return undefined
  }
  const badge = value.badge_type ?? 'none'
  if (badge !== 'certified' && badge !== 'none') return undefined
  return {
    id: value.id,
    name: value.name,
    image_id: strings.image_id ?? null,
    rdns: strings.rdns ?? null,
    chains: [...chains],
    homepage: strings.homepage ?? null,
    mobile_link: strings.mobile_link ?? null,
    desktop_link: strings.desktop_link ?? null,
    webapp_link: strings.webapp_link ?? null,
    app_store: strings.app_store ?? null,
    play_store: strings.play_store ?? null,
    chrome_store: strings.chrome_store ?? null,
    badge_type: badge,
  }
}

/** Malformed items are dropped, the rest kept; a body without `data` and `count` is malformed. */
export function toWalletsPage(value: unknown): WalletsPage | undefined {
  if (!isRecord(value) || !Array.isArray(value.data)) return undefined
  const { count } = value
  if (typeof count !== 'number' || !Number.isInteger(count) || count < 0) return undefined
  const data: WalletItem[] = []
  for (const item of value.data) {
    const wallet = toWalletItem(item)
    if (wallet) data.push(wallet)
  }
  return { data, count }
}

const BOOLEAN_FEATURES = ['swaps', 'onramp', 'email', 'activity', 'emailCapture'] as const

/** Fields of the wrong type are left out (they then fall back to the defaults). */
export function toRemoteConfig(value: unknown): RemoteConfig | undefined {
  if (!isRecord(value) || !isRecord(value.features)) return undefined
  const source = value.features
  const features: RemoteFeatures = {}
  for (const key of BOOLEAN_FEATURES) {
    if (typeof source[key] === 'boolean') features[key] = source[key]
  }
  const { socials } = source
  if (socials === false) features.socials = false
  else if (Array.isArray(socials) && socials.every((s) => typeof s === 'string')) {
    features.socials = [...socials]
  }
  return { features }
}

export function toOrigins(value: unknown): { allowedOrigins: string[] } | undefined {
  if (!isRecord(value) || !Array.isArray(value.allowedOrigins)) return undefined
  const allowedOrigins = value.allowedOrigins.filter(isNonEmptyString)
  return { allowedOrigins }
}

export function toAnalyticsConfig(value: unknown): { isAnalyticsEnabled: boolean } | undefined {
  if (!isRecord(value) || typeof value.isAnalyticsEnabled !== 'boolean') return undefined
  return { isAnalyticsEnabled: value.isAnalyticsEnabled }
}

// ---- The client ----

type QueryValue = string | number | readonly string[] | undefined

interface JsonAnswer {
  status: number
  body: unknown
}

/** Appends in the caller's key order, so one logical request always gives one URL. */
function appendQuery(query: URLSearchParams, params: Record<string, QueryValue>): void {
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined) continue
    if (typeof value === 'object') {
      const list = value.filter(isNonEmptyString)
      if (list.length > 0) query.append(key, list.join(','))
    } else if (value !== '') {
      query.append(key, String(value))
    }
  }
}

async function readErrorCode(response: Response): Promise<string | undefined> {
  try {
    const body: unknown = await response.json()
    return isRecord(body) && isNonEmptyString(body.code) ? body.code : undefined
  } catch {
    return undefined
  }
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const base = options.apiUrl.replace(/\/+$/, '')
  const projectId = String(options.projectId ?? '').trim()
  // Looked up per call, so a fetch installed after creation is used.
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init))
  const inFlight = new Map<string, Promise<JsonAnswer>>()

  function url(path: string, params: Record<string, QueryValue> = {}): string {
    const query = new URLSearchParams()
    appendQuery(query, { projectId, st: options.sdkType, sv: options.sdkVersion })
    appendQuery(query, params)
    return `${base}${path}?${query}`
  }

  async function requestJson(path: string, target: string): Promise<JsonAnswer> {
    let response: Response
    try {
      response = await doFetch(target)
    } catch (cause) {
      throw new ApiError(ErrorText.requestFailed(path), { status: 0, path, cause })
    }
    if (!response.ok) {
      const code = await readErrorCode(response)
      throw new ApiError(ErrorText.httpStatus(response.status), {
        status: response.status,
        path,
        code,
      })
    }
    try {
      return { status: response.status, body: await response.json() }
    } catch (cause) {
      throw new ApiError(ErrorText.malformedResponse(path), {
        status: response.status,
        path,
        cause,
      })
    }
  }

  /** Same URL while a request is pending → the same promise; once it settles, a new request. */
  function getJson(path: string, params?: Record<string, QueryValue>): Promise<JsonAnswer> {
    // §8 APKT008: without a project ID the service can only refuse, so no request is made.
    if (projectId === '') {
      const { shortMessage, code } = SetupAlerts.APKT008
      return Promise.reject(new ApiError(shortMessage, { status: 0, path, code }))
    }
    const target = url(path, params)
    let pending = inFlight.get(target)
    if (!pending) {
      pending = requestJson(path, target).finally(() => inFlight.delete(target))
      inFlight.set(target, pending)
    }
    return pending
  }

  /** Each caller gets its own checked copy of the shared raw answer. */
  async function getChecked<T>(
    path: string,
    check: (value: unknown) => T | undefined,
    params?: Record<string, QueryValue>,
  ): Promise<T> {
    const { status, body } = await getJson(path, params)
    const checked = check(body)
    if (checked === undefined) {
      throw new ApiError(ErrorText.malformedResponse(path), { status, path })
    }
    return checked
  }

  return {
    getWallets: (params = {}) =>
      getChecked('/getWallets', toWalletsPage, {
        page: params.page,
        entries: params.entries,
        include: params.include,
        exclude: params.exclude,
        chains: params.chains,
        search: params.search,
        badge_type: params.badge_type,
        names: params.names,
        rdns: params.rdns,
        badge: params.badge,
      }),
    getConfig: () => getChecked('/appkit/v1/config', toRemoteConfig),
    getOrigins: () => getChecked('/projects/v1/origins', toOrigins),
    getAnalyticsConfig: () => getChecked('/getAnalyticsConfig', toAnalyticsConfig),
    walletImageUrl: (imageId) => url(`/getWalletImage/${encodeURIComponent(imageId)}`),
    assetImageUrl: (id) => url(`/public/getAssetImage/${encodeURIComponent(id)}`),
  }
}
