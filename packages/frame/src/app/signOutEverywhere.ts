// APP_SIGN_OUT_EVERYWHERE (issue 18 #9): the wrapping key is rotated first, so a copy another
// session took opens nothing, then every session of the user ends on the server (this one too)
// and the frame forgets its own. A failed rotation does not stop the sign-out; a failed sign-out
// is answered as an error and the frame stays signed in, so the visitor can try again.
import type { AuthApi } from './api.ts'
import type { Logger } from './logger.ts'
import { rotateWrappingKey } from './rotation.ts'
import type { KeyValueStore } from './storage.ts'
import { NotConnectedError, type WalletState } from './wallet.ts'

export interface SignOutEverywhereDeps {
  api: AuthApi
  wallet: WalletState
  store: KeyValueStore
  log: Logger
  projectId: string
}

export async function signOutEverywhere(deps: SignOutEverywhereDeps): Promise<void> {
  const { api, wallet, log } = deps
  if (!wallet.token()) throw new NotConnectedError()
  try {
    await wallet.withSession((token) => rotateWrappingKey(deps, token))
  } catch (error) {
    if (error instanceof NotConnectedError) throw error
    log.warn('could not rotate the wrapping key; signing out everywhere all the same', error)
  }
  await wallet.withSession((token) => api.signOutEverywhere(token))
  wallet.clear()
  log.info('signed out everywhere')
}
