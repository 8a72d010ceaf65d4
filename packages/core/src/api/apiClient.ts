// Client of the §7 wallet/config service: URLs, in-flight dedupe, error mapping, and shape
// checks of every answer. Loaded lazily (appkit/parts.ts): nothing here is in the first load.

import { NAME_API_VERSION } from '../constants/names.ts'
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
import {
  type SwapTrade,
  toAllowance,
  toGasPrice,
  toSwapQuote,
  toSwapTokens,
  toSwapTransaction,
} from './convert.ts'
import { toNameRecord, toNameRecords, toNameSuggestions } from './names.ts'
import { toOnrampOptions, toOnrampOrder, toOnrampQuote, toOnrampUrl } from './onramp.ts'

/** §7 A trade as the convert routes take it: amounts as decimal strings. */
const tradeQuery = (trade: SwapTrade) => ({
  amount: trade.amount.toString(),
  userAddress: trade.userAddress,
  from: trade.from,
  to: trade.to,
})

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

/** An error body longer than this is not read further (a proxy's HTML page, say). */
const MAX_ERROR_BODY_CHARS = 4096
/** A service's reason longer than this is cut: it is shown to the visitor as it is. */
const MAX_REASON_CHARS = 300

/**
 * What an error answer says: the APKT code (its `code`, or the alert of a §8 provider text in
 * its `error`/`message` or plain-text body, as a gateway in front of the services may answer),
 * and our services' reason (the JSON body's `error` text).
 */
/**
 * The service's own words: the first of `reasons[].description` (§8, the name service's
 * shape), else `error`
 */
function firstReason(body: unknown): string | undefined {
  if (!isRecord(body)) return undefined
  const [first] = Array.isArray(body.reasons) ? body.reasons : []
  if (isRecord(first) && isNonEmptyString(first.description)) return first.description
  return isNonEmptyString(body.error) ? body.error : undefined
}

async function readErrorBody(response: Response): Promise<{ code?: string; reason?: string }> {
  let text: string
  try {
    text = (await response.text()).slice(0, MAX_ERROR_BODY_CHARS)
  } catch {
    return {}
  }
  let body: unknown = text
  try {
    body = JSON.parse(text)
  } catch {
    // a plain-text body: matched as it is
  }
  const said = firstReason(body)
  const reason = said?.slice(0, MAX_REASON_CHARS)
  if (isRecord(body) && isNonEmptyString(body.code)) return { code: body.code, reason }
  for (const value of isRecord(body) ? [body.error, body.message] : [body]) {
    if (typeof value === 'string') {
      const alert = setupAlertForProviderMessage(value)
      if (alert) return { code: alert.code, reason }
    }
  }
  return { reason }
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
      const { code, reason } = await readErrorBody(response)
      throw new ApiError(ErrorText.httpStatus(response.status), {
        status: response.status,
        path,
        code,
        reason,
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
    if (projectId === '') {
      const { shortMessage, code } = SetupAlerts.APKT008
      throw new ApiError(shortMessage, { status: 0, path, code })
    }
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
    socialImageUrl: (provider) => url(`/public/getSocialImage/${encodeURIComponent(provider)}`),
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
    convert: {
      tokens: (chainId) => getChecked('/v1/convert/tokens', toSwapTokens, { chainId }),
      quote: (trade) => getChecked('/v1/convert/quotes', toSwapQuote, tradeQuery(trade)),
      allowance: (tokenAddress, userAddress) =>
        getChecked('/v1/convert/allowance', toAllowance, { tokenAddress, userAddress }),
      gasPrice: (chainId) => getChecked('/v1/convert/gas-price', toGasPrice, { chainId }),
      buildApprove: (trade) =>
        getChecked('/v1/convert/build-approve', toSwapTransaction, tradeQuery(trade)),
      buildTransaction: ({ slippage, ...trade }) =>
        postChecked(
          '/v1/convert/build-transaction',
          { ...tradeQuery(trade), projectId, eip155: { slippage } },
          toSwapTransaction,
        ),
    },
    names: {
      lookup: (name) =>
        getChecked(`/v1/profile/account/${encodeURIComponent(name)}`, toNameRecord, {
          apiVersion: NAME_API_VERSION,
        }),
      reverse: (address, sender) =>
        getChecked(`/v1/profile/reverse/${encodeURIComponent(address)}`, toNameRecords, {
          sender,
          apiVersion: NAME_API_VERSION,
        }),
      suggestions: (name, zone) =>
        getChecked(`/v1/profile/suggestions/${encodeURIComponent(name)}`, toNameSuggestions, {
          zone,
        }),
      register: ({ coinType, ...signed }) =>
        postChecked('/v1/profile/account', { coin_type: coinType, ...signed }, toNameRecord),
    },
    onramp: {
      options: () => getChecked('/v1/onramp/options', toOnrampOptions),
      quote: (request) => postChecked('/v1/onramp/quote', request, toOnrampQuote),
      checkoutUrl: (request) => postChecked('/v1/generators/onrampurl', request, toOnrampUrl),
      order: (id) => getChecked(`/v1/onramp/orders/${encodeURIComponent(id)}`, toOnrampOrder),
    },
  }
}
