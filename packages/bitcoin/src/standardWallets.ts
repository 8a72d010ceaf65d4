// Wallet Standard discovery of Bitcoin wallets: first-load code, so no Bitcoin library here.
import { getWallets } from '@wallet-standard/app'
import type { Wallet } from '@wallet-standard/base'
import { isBitcoinChain } from './chains.ts'
import { Feature, STANDARD_CONNECTOR_PREFIX } from './constants.ts'

/** A wallet the modal can use for Bitcoin: it connects, lists a Bitcoin chain and signs PSBTs. */
export function isBitcoinWallet(wallet: Wallet): boolean {
  if (typeof wallet?.name !== 'string' || wallet.name.trim() === '') return false
  const features = wallet.features ?? {}
  const has = (feature: string) => feature in features
  const signs = has(Feature.signTransaction) || has(Feature.signAndSendTransaction)
  const chains: unknown = wallet.chains
  return has(Feature.connect) && signs && Array.isArray(chains) && chains.some(isBitcoinChain)
}

/** `ws-bitcoin:<name>`: the one id a Wallet Standard wallet keeps across reloads is its name. */
export function standardConnectorId(wallet: Wallet): string {
  return `${STANDARD_CONNECTOR_PREFIX}${wallet.name}`
}

export function findStandardWallet(connectorId: string): Wallet | undefined {
  return getWallets()
    .get()
    .find((wallet) => isBitcoinWallet(wallet) && standardConnectorId(wallet) === connectorId)
}

/** The wallet with this connector id, once it has registered (an extension may come after the app). */
export function waitForStandardWallet(
  connectorId: string,
  ms: number,
): Promise<Wallet | undefined> {
  return new Promise((resolve) => {
    let stop: () => void = () => undefined
    const settle = (wallet: Wallet | undefined) => {
      clearTimeout(timer)
      stop()
      resolve(wallet)
    }
    const timer = setTimeout(settle, ms, undefined)
    stop = getWallets().on('register', () => {
      const registered = findStandardWallet(connectorId)
      if (registered) settle(registered)
    })
    const present = findStandardWallet(connectorId)
    if (present) settle(present)
  })
}
