// Account names (§4 "Name registration", §5, §8): the rule and suggestions as the visitor types,
// registration through the embedded wallet, and lookups (Send's receiver, reverse lookup).
import type { StoreApi } from 'zustand/vanilla'
import { type ApiClient, ApiError } from '../api/api.ts'
import type { NameRecord } from '../api/names.ts'
import type { AccountState, ChainState } from '../appkitState.ts'
import {
  DEFAULT_NAME_ZONE,
  NAME_COIN_TYPE_FLAG,
  NAME_MAX_CHAIN_ID_EXCLUSIVE,
  NAME_SUGGESTIONS_DEBOUNCE_MS,
} from '../constants/names.ts'
import { AUTH_CONNECTOR_ID } from '../constants.ts'
import { ErrorText, isUserRejectedError, toUserMessage } from '../errors.ts'
import type { Track } from '../events.ts'
import { cacheKeys, createTtlCache, type TtlCache } from '../portfolio/cache.ts'
import type { TransactionOutcome } from '../router/router.ts'
import type { RouterController } from '../router/routerController.ts'
import { nameProblem } from './nameRule.ts'
import type { NamesState } from './namesState.ts'

export interface NamesContext {
  stores: {
    account: StoreApi<AccountState>
    chain: StoreApi<ChainState>
    names: StoreApi<NamesState>
  }
  api(): Promise<Pick<ApiClient, 'names' | 'getConfig'>>
  /** The connected wallet signs the text (EVM personal_sign) */
  sign(message: string): Promise<string>
  router: Pick<RouterController, 'current' | 'replace' | 'pushTransaction' | 'popTransaction'>
  /** §4 set profileName and update the cache: the account's name from now on */
  nameRegistered(address: string, name: string): void
  track: Track
  log(message: string, detail?: unknown): void
  now?: () => number
  cache?: TtlCache
}

/** §9 The coin type of an EVM chain: its id OR 0x80000000; §5 'Invalid chainId' from 2^31 */
export function coinTypeOf(chainId: number): number {
  if (!Number.isSafeInteger(chainId) || chainId < 0 || chainId >= NAME_MAX_CHAIN_ID_EXCLUSIVE) {
    throw new Error(ErrorText.invalidChainId)
  }
  return (chainId | NAME_COIN_TYPE_FLAG) >>> 0
}

/** The service's first reason (§8), else `fallback` */
function reasonOf(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.reason ? error.reason : fallback
}

export function createNamesController(ctx: NamesContext) {
  const { account, chain, names } = ctx.stores
  const now = ctx.now ?? (() => Date.now())
  const cache = ctx.cache ?? createTtlCache({ now })
  let debounce: ReturnType<typeof setTimeout> | undefined
  let asked = 0
  let zoneLoaded: Promise<string> | undefined

  /** The service's zone, asked once; ours by default when it does not say */
  function zone(): Promise<string> {
    zoneLoaded ??= ctx
      .api()
      .then((api) => api.getConfig())
      .then((config) => config.nameZone ?? DEFAULT_NAME_ZONE)
      .catch((error: unknown) => {
        ctx.log('name zone unknown', error)
        zoneLoaded = undefined
        return names.getState().zone
      })
    return zoneLoaded.then((value) => {
      names.setState({ zone: value })
      return value
    })
  }

  /** §8 The names `address` holds; cached 5 min (§9) */
  async function namesOf(address: string): Promise<NameRecord[]> {
    const key = cacheKeys.name(address)
    const cached = cache.get<NameRecord[]>('name', key)
    if (cached) return cached
    try {
      const records = await (await ctx.api()).names.reverse(address, address)
      cache.set('name', key, records)
      return records
    } catch (error) {
      throw new Error(ErrorText.errorFetchingNamesForAddress, { cause: error })
    }
  }

  async function suggest(label: string, run: number) {
    try {
      const [typed, ...free] = await (await ctx.api()).names.suggestions(label, await zone())
      if (run !== asked) return
      names.setState({
        status: typed?.registered ? 'taken' : 'available',
        suggestions: free.filter((s) => !s.registered).map((s) => s.name),
        error: undefined,
      })
    } catch (error) {
      if (run !== asked) return
      ctx.log('name suggestions failed', error)
      names.setState({
        status: 'idle',
        suggestions: [],
        error: ErrorText.errorFetchingNameSuggestions,
      })
    }
  }

  /** Pops the registration's transaction entry; on ApproveTransaction its outcome leads back. */
  function settle(outcome: TransactionOutcome) {
    if (ctx.router.current().view === 'ApproveTransaction') {
      ctx.router.popTransaction(outcome)
      return
    }
    // The wallet answered without the approval view: the entry goes, the view stays.
    ctx.router.popTransaction('success')
    if (outcome !== 'success') ctx.router.replace('RegisterAccountName')
  }

  return {
    /** RegisterAccountName opened: the zone, and the name the account already holds */
    async load() {
      names.setState({ error: undefined })
      void zone()
      const { address } = account.getState()
      if (!address || account.getState().namespace !== 'eip155') return
      try {
        const [record] = await namesOf(address)
        names.setState({ owned: record?.name })
      } catch (error) {
        ctx.log('names of address failed', error)
        names.setState({ error: (error as Error).message })
      }
    },

    /** The visitor types: the rule at once, suggestions once they pause */
    setInput(input: string) {
      clearTimeout(debounce)
      const run = ++asked
      const label = input.trim()
      const problem = label ? nameProblem(label) : undefined
      names.setState({ input, problem, error: undefined, suggestions: [], status: 'idle' })
      if (!label || problem) return
      names.setState({ status: 'checking' })
      debounce = setTimeout(() => void suggest(label, run), NAME_SUGGESTIONS_DEBOUNCE_MS)
    },

    /** §4 Name registration, in the spec's order */
    async register(): Promise<boolean> {
      const { input, status } = names.getState()
      const label = input.trim()
      if (status === 'registering' || !label || nameProblem(label)) return false
      const network = chain.getState().activeCaipNetwork
      const { address, connectorId } = account.getState()
      const refuse = (error: string) => {
        names.setState({ error })
        return false
      }
      // §5 Registration requires an active network, an address and the auth connector.
      if (network.chainNamespace !== 'eip155') return refuse(ErrorText.networkNotFound)
      if (!address || connectorId !== AUTH_CONNECTOR_ID) {
        return refuse(ErrorText.addressOrAuthConnectorNotFound)
      }
      let coinType: number
      try {
        coinType = coinTypeOf(Number(network.id))
      } catch (error) {
        return refuse((error as Error).message)
      }
      clearTimeout(debounce)
      asked++
      const name = `${label.toLowerCase()}.${await zone()}`
      names.setState({ status: 'registering', error: undefined })
      ctx.track('REGISTER_NAME_INITIATED', { name })
      ctx.router.pushTransaction({ onCancel: () => ctx.router.replace('RegisterAccountName') })
      const message = JSON.stringify({ name, attributes: {}, timestamp: Math.floor(now() / 1000) })
      let signature: string
      try {
        signature = await ctx.sign(message)
      } catch (error) {
        settle(isUserRejectedError(error) ? 'cancel' : 'error')
        names.setState({ status: 'available', error: toUserMessage(error) })
        ctx.track('REGISTER_NAME_ERROR', { name, message: 'signature' })
        return false
      }
      let record: NameRecord
      try {
        record = await (await ctx.api()).names.register({ coinType, address, signature, message })
      } catch (error) {
        ctx.log('name registration failed', error)
        settle('error')
        const text = reasonOf(error, ErrorText.errorRegisteringName(name))
        names.setState({ status: 'available', error: text })
        ctx.track('REGISTER_NAME_ERROR', { name, message: text })
        return false
      }
      settle('success')
      ctx.nameRegistered(address, record.name)
      cache.set('name', cacheKeys.name(address), [record])
      names.setState({ status: 'idle', input: '', registered: record.name, owned: record.name })
      ctx.track('REGISTER_NAME_SUCCESS', { name: record.name })
      ctx.router.replace('RegisterAccountNameSuccess')
      return true
    },

    /** Send's receiver: the address `name` resolves to on the active network (cache 5 min) */
    async resolve(name: string): Promise<string> {
      const key = cacheKeys.name(name)
      const cached = cache.get<string>('name', key)
      if (cached) return cached
      const network = chain.getState().activeCaipNetwork
      try {
        const record = await (await ctx.api()).names.lookup(name.trim())
        const own = record.addresses[String(coinTypeOf(Number(network.id)))]
        const address = own?.address ?? Object.values(record.addresses)[0]?.address
        if (!address) throw new Error(`${name} has no address`)
        cache.set('name', key, address)
        return address
      } catch (error) {
        ctx.log('name lookup failed', error)
        throw new Error(ErrorText.errorResolvingName, { cause: error })
      }
    },

    namesOf,

    /** The form starts empty for the next name */
    reset() {
      clearTimeout(debounce)
      asked++
      names.setState({
        input: '',
        status: 'idle',
        problem: undefined,
        error: undefined,
        suggestions: [],
      })
    },
  }
}

export type NamesController = ReturnType<typeof createNamesController>
