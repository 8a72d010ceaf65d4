// Client of the §7 wallet/config service: URLs, in-flight dedupe, error mapping, and shape
// checks of every answer. Loaded lazily (appkit/parts.ts): nothing here is in the first load.

import { ErrorText, SetupAlerts, setupAlertForProviderMessage } from '../errors.ts'
import { isNonEmptyString, isRecord } from '../guards.ts'
import { type ApiClient, type ApiClientOptions, ApiError } from './api.ts'
import {
  toAnalyticsConfig,
  toBalances,
  toHistoryPage,
  toIdentity,
  toLatestKitVersion,
  toOrigins,
  toRemoteConfig,
  toTokenPrices,
  toWalletsPage,
} from './apiShapes.ts'

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

/**
 * The APKT code of an error answer: its `code`, or the alert of a §8 provider text in its
 * `error`/`message` (or plain-text body), as a gateway in front of the services may answer.
 */
/** An error body longer than this is not read further (a proxy's HTML page, say). */
const MAX_ERROR_BODY_CHARS = 4096

async function readErrorCode(response: Response): Promise<string | undefined> {
  let text: string
  try {
    text = (await response.text()).slice(0, MAX_ERROR_BODY_CHARS)
  } catch {
    return undefined
  }
  let body: unknown = text
  try {
    body = JSON.parse(text)
  } catch {
    // a plain-text body: matched as it is
  }
  if (isRecord(body) && isNonEmptyString(body.code)) return body.code
  const said = isRecord(body) ? [body.error, body.message] : [body]
  for (const value of said) {
    if (typeof value === 'string') {
      const alert = setupAlertForProviderMessage(value)
      if (alert) return alert.code
    }
  }
  return undefined
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

  async function requestJson(
    path: string,
    target: string,
    init?: RequestInit,
  ): Promise<JsonAnswer> {
    let response: Response
    try {
      response = await doFetch(target, init)
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

  async function postChecked<T>(
    path: string,
    body: unknown,
    check: (value: unknown) => T | undefined,
  ): Promise<T> {
    const init = {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }
    const answer = await requestJson(path, url(path), init)
    const checked = check(answer.body)
    if (checked === undefined) {
      throw new ApiError(ErrorText.malformedResponse(path), { status: answer.status, path })
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
    getLatestKitVersion: () => getChecked('/appkit/v1/version', toLatestKitVersion),
    getOrigins: () => getChecked('/projects/v1/origins', toOrigins),
    getAnalyticsConfig: () => getChecked('/getAnalyticsConfig', toAnalyticsConfig),
    walletImageUrl: (imageId) => url(`/getWalletImage/${encodeURIComponent(imageId)}`),
    assetImageUrl: (id) => url(`/public/getAssetImage/${encodeURIComponent(id)}`),
    getBalances: (address, chainId, { forceUpdate = false } = {}) =>
      getChecked(`/v1/account/${encodeURIComponent(address)}/balance`, toBalances, {
        currency: 'usd',
        chainId,
        forceUpdate: String(forceUpdate),
      }),
    getHistory: (address, chainId, cursor) =>
      getChecked(`/v1/account/${encodeURIComponent(address)}/history`, toHistoryPage, {
        chainId,
        cursor: cursor ?? undefined,
      }),
    getIdentity: (address, sender) =>
      getChecked(`/v1/identity/${encodeURIComponent(address)}`, toIdentity, { sender }),
    getTokenPrices: (addresses) =>
      postChecked('/v1/fungible/price', { currency: 'usd', addresses }, toTokenPrices),
  }
}
