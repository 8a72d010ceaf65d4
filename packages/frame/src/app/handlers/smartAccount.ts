// The account type (README "Smart accounts"): the chains that offer a smart account, the owner
// key's SimpleAccount on the chain in use, and the visitor's choice between it and the EOA.
// A choice of the smart account holds on the chains that offer one; elsewhere the EOA answers.

import type { PrivateKeyAccount } from 'viem/accounts'
import { FrameError } from '../../frameError.ts'
import { type ChainId, evmChainId } from '../config.ts'
import { SMART_ACCOUNTS_UNAVAILABLE } from '../errors.ts'
import { createSmartAccounts } from '../smartAccount/smartAccounts.ts'
import type { FrameState } from './state.ts'
import type { HandlerDeps, HandlerTable } from './types.ts'

export type AccountType = 'eoa' | 'smartAccount'

export interface AccountInUse {
  type: AccountType
  address: string
  owner: PrivateKeyAccount
  chainId: number | undefined
  rpcUrl: string | undefined
  isDeployed: boolean
}

/** Where the page is: the chain in use and the RPC URLs it gave */
export interface ChainInUse {
  chainId(): ChainId
  rpcUrls: ReadonlyMap<string, string>
}

export function createAccountTypes(deps: HandlerDeps, where: ChainInUse) {
  const { wallet, log, config, store } = deps
  const services = {
    apiUrl: config.apiUrl,
    projectId: config.projectId,
    store,
    fetch: deps.fetch,
    now: deps.now ?? Date.now,
  }
  const smart = createSmartAccounts(services)
  /**
   * Set by APP_SET_PREFERRED_ACCOUNT (before that, what the server remembers), with whose choice
   * it is: a frame that signs out and in again as someone else must not carry it over
   */
  let chosen: { type: AccountType; owner: string } | undefined

  const preferred = (): AccountType =>
    chosen && chosen.owner === wallet.account()?.address
      ? chosen.type
      : wallet.user()?.preferredAccountType === 'smartAccount'
        ? 'smartAccount'
        : 'eoa'

  async function enabledNetworks(): Promise<number[]> {
    return smart.enabledNetworks().catch((error: unknown) => {
      log.warn('could not read the chains that offer smart accounts', error)
      return []
    })
  }

  /** The smart account on the chain in use; throws when the chain offers none */
  async function smartOnChain(owner: PrivateKeyAccount) {
    const chainId = evmChainId(where.chainId())
    const rpcUrl = where.rpcUrls.get(String(where.chainId()))
    if (chainId === undefined || !rpcUrl || !(await enabledNetworks()).includes(chainId)) {
      throw new FrameError(SMART_ACCOUNTS_UNAVAILABLE)
    }
    return { chainId, rpcUrl, ...(await smart.address(owner, chainId, rpcUrl)) }
  }

  return {
    smart,
    /** What the lazily loaded parts (permissions) need of the frame */
    services,
    now: services.now,
    preferred,
    enabledNetworks,
    smartOnChain,

    /** The account the page talks to: the smart account when chosen and offered here */
    async inUse(): Promise<AccountInUse> {
      const owner = await wallet.unlock()
      const chainId = evmChainId(where.chainId())
      const rpcUrl = where.rpcUrls.get(String(where.chainId()))
      const eoa = { type: 'eoa', address: owner.address, owner, chainId, rpcUrl } as const
      if (preferred() !== 'smartAccount') return { ...eoa, isDeployed: false }
      try {
        const found = await smartOnChain(owner)
        return { type: 'smartAccount', owner, ...found }
      } catch (error) {
        log.info('the smart account is not available here; answering with the EOA', error)
        return { ...eoa, isDeployed: false }
      }
    },

    /** The visitor's choice, kept here and on the server; answers the account's address */
    async prefer(type: AccountType, patch: (type: AccountType) => void): Promise<string> {
      const owner = await wallet.unlock()
      const address = type === 'smartAccount' ? (await smartOnChain(owner)).address : owner.address
      chosen = { type, owner: owner.address }
      patch(type)
      return address
    },
  }
}

export type AccountTypes = ReturnType<typeof createAccountTypes>

export function smartAccountHandlers(deps: HandlerDeps, state: FrameState) {
  const { wallet } = deps
  const types = state.accountTypes
  return {
    async APP_GET_SMART_ACCOUNT_ENABLED_NETWORKS() {
      return { smartAccountEnabledNetworks: await types.enabledNetworks() }
    },

    async APP_INIT_SMART_ACCOUNT() {
      const { address, isDeployed } = await types.smartOnChain(await wallet.unlock())
      return { address, isDeployed }
    },

    async APP_SET_PREFERRED_ACCOUNT({ type }) {
      const address = await types.prefer(type, (preferredAccountType) =>
        state.patchUserLater({ preferredAccountType }),
      )
      return { type, address }
    },
  } satisfies Partial<HandlerTable>
}
