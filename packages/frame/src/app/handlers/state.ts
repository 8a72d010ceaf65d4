// The frame's state between app events: the chain it is on and their RPC URLs, the login (email
// or Farcaster) or email change in progress, the page's name and icon, the RPC requests still
// running. One frame document, one state: it lives in createFrameState's closure, nothing at
// module level.
import type { AppReply } from '../../protocol/appEvents.ts'
import { LOGIN_PROVIDERS } from '../../protocol/fields.ts'
import type { ChainId } from '../config.ts'
import { randomBase64Url } from '../keys.ts'
import { storageKeys } from '../storage.ts'
import { NotConnectedError } from '../wallet.ts'
import { createAccountTypes } from './smartAccount.ts'
import type { HandlerDeps } from './types.ts'

export interface PendingLogin {
  email: string
  challengeId: string
  action: 'VERIFY_OTP' | 'VERIFY_DEVICE'
}

/** The Farcaster sign-in under way (handlers/farcaster.ts): its channel and the login's secret */
export interface FarcasterLogin {
  channelToken: string
  codeVerifier: string
  /** When the relay channel ends (epoch ms) */
  expiresAt: number
  /** Aborted when the login is dropped: a wait on it gives up */
  stop: AbortController
}

const DEVICE_ID = /^[A-Za-z0-9_-]{22,64}$/

export function createFrameState(deps: HandlerDeps) {
  const { api, wallet, store, log, config } = deps
  const rpcUrls = new Map<string, string>()
  if (config.rpcUrl) rpcUrls.set(String(config.chainId), config.rpcUrl)
  const pendingRpc = new Set<AbortController>()
  const accountTypes = createAccountTypes(deps, { chainId: () => state.chainId, rpcUrls })

  const state = {
    chainId: config.chainId as ChainId,
    rpcUrls,
    pendingRpc,
    /** The EOA or the smart account (handlers/smartAccount.ts) */
    accountTypes,
    pendingLogin: null as PendingLogin | null,
    pendingChange: null as { challengeId: string; action: string } | null,
    farcaster: null as FarcasterLogin | null,
    /** The page's name and icon for the approval card (APP_SYNC_DAPP_DATA) */
    dapp: {} as { name?: string; icon?: string },

    /** This browser's device id for device approval, kept in the frame's storage */
    deviceId(): string {
      const stored = store.get(storageKeys.deviceId)
      if (stored && DEVICE_ID.test(stored)) return stored
      const created = randomBase64Url(32)
      store.set(storageKeys.deviceId, created)
      return created
    },

    /** Ends the Farcaster sign-in `login` (by default the one under way): its wait gives up. */
    dropFarcaster(login?: FarcasterLogin): void {
      const dropped = login ?? state.farcaster
      dropped?.stop.abort()
      if (state.farcaster === dropped) state.farcaster = null
    },

    abortAll(): number {
      const count = pendingRpc.size
      for (const controller of pendingRpc) controller.abort()
      pendingRpc.clear()
      return count
    },

    /** Tells the server, without making the app event wait for it */
    patchUserLater(patch: { chainId?: ChainId; preferredAccountType?: 'eoa' | 'smartAccount' }) {
      if (!wallet.token()) return
      wallet
        .withSession((token) => api.patchUser(token, patch))
        .then(wallet.setUser, (error: unknown) => log.warn('could not update the user', error))
    },

    /** The network the page is on after a login, as APP_SWITCH_NETWORK would set it */
    enterChain(next: ChainId | undefined, rpcUrl: string | undefined) {
      if (next !== undefined) {
        state.chainId = next
        state.patchUserLater({ chainId: next })
      }
      if (rpcUrl) rpcUrls.set(String(state.chainId), rpcUrl)
    },

    /** The user as §3 describes it; `refresh` asks the server first (else the one in memory). */
    async user(refresh = true): Promise<AppReply<'APP_GET_USER'>> {
      const account = await wallet.unlock()
      let current = wallet.user()
      if (refresh || !current) {
        try {
          current = await wallet.refreshUser()
        } catch (error) {
          if (error instanceof NotConnectedError || !current) throw error
          log.warn('could not refresh the user; answering from memory', error)
        }
      }
      // The Solana key is not worth failing the user over: the EVM wallet works without it.
      const solana = await wallet.unlockSolana().catch((error: unknown) => {
        if (error instanceof NotConnectedError) throw error
        return null
      })
      const provider = LOGIN_PROVIDERS.find((p) => p === current?.socialProvider)
      const inUse = await accountTypes.inUse()
      return {
        email: current?.email ?? null,
        address: inUse.address,
        chainId: state.chainId,
        accounts: [
          ...(inUse.type === 'smartAccount'
            ? [
                {
                  address: inUse.address,
                  type: 'SMART_ACCOUNT' as const,
                  namespace: 'eip155' as const,
                },
              ]
            : []),
          { address: account.address, type: 'EOA', namespace: 'eip155' },
          ...(solana
            ? [{ address: solana.address, type: 'EOA' as const, namespace: 'solana' as const }]
            : []),
        ],
        userName: current?.userName ?? null,
        preferredAccountType: inUse.type,
        smartAccountDeployed: inUse.type === 'smartAccount' && inUse.isDeployed,
        ...(solana && { solanaAddress: solana.address }),
        ...(provider && { socialProvider: provider }),
      }
    },
  }
  return state
}

export type FrameState = ReturnType<typeof createFrameState>
