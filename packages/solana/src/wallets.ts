import type { ConnectorInfo } from '@latchkey/core/internal'
import {
  EMBEDDED_SOLANA_CONNECTOR_ID,
  EMBEDDED_SOLANA_WALLET_NAME,
  EMBEDDED_WALLET_FEATURE,
  embeddedSolanaWallet,
} from '@latchkey/core/internal'
import { getWallets } from '@wallet-standard/app'
import type { Wallet } from '@wallet-standard/base'
import {
  CONNECTOR_ID_PREFIX,
  Feature,
  SOLANA_CHAIN_PREFIX,
  WALLET_REGISTER_WAIT_MS,
} from './constants.ts'

/** A wallet the modal can use for Solana: it connects, lists a Solana chain and signs transactions. */
export function isSolanaWallet(wallet: Wallet): boolean {
  const features = wallet?.features ?? {}
  return (
    typeof wallet?.name === 'string' &&
    wallet.name.trim() !== '' &&
    Feature.connect in features &&
    (Feature.signTransaction in features || Feature.signAndSendTransaction in features) &&
    Array.isArray(wallet.chains) &&
    wallet.chains.some((chain) => chain.startsWith(SOLANA_CHAIN_PREFIX))
  )
}

/**
 * The modal's own embedded wallet (email/social login; core's embeddedSolana.ts), by its marker
 * feature or its name: connected by the modal after a login, never offered in the wallet list.
 */
export function isEmbeddedWallet(wallet: Wallet): boolean {
  return (
    EMBEDDED_WALLET_FEATURE in (wallet?.features ?? {}) ||
    wallet?.name === EMBEDDED_SOLANA_WALLET_NAME
  )
}

/** `ws:<name>`: Wallet Standard gives a wallet no other id that survives a reload. */
export function connectorIdOf(wallet: Wallet): string {
  return `${CONNECTOR_ID_PREFIX}${wallet.name}`
}

/**
 * One connector per wallet name, in registration order; the icon only when it is an image data
 * URL. The embedded wallet is left out: the engine still connects it by id.
 */
export function toConnectors(wallets: readonly Wallet[]): ConnectorInfo[] {
  const byId = new Map<string, ConnectorInfo>()
  for (const wallet of wallets) {
    if (!isSolanaWallet(wallet) || isEmbeddedWallet(wallet)) continue
    const id = connectorIdOf(wallet)
    if (byId.has(id)) continue
    byId.set(id, {
      id,
      name: wallet.name,
      type: 'ANNOUNCED',
      chain: 'solana',
      imageUrl:
        typeof wallet.icon === 'string' && wallet.icon.startsWith('data:image/')
          ? wallet.icon
          : undefined,
      provider: wallet,
    })
  }
  return [...byId.values()]
}

/** Wallet Standard discovery: the registered wallets now, and again on each register/unregister. */
export function watchStandardConnectors(onChange: (connectors: ConnectorInfo[]) => void) {
  if (typeof window === 'undefined') return () => undefined
  const wallets = getWallets()
  const emit = () => onChange(toConnectors(wallets.get()))
  const offs = [wallets.on('register', emit), wallets.on('unregister', emit)]
  emit()
  return () => {
    for (const off of offs) off()
  }
}

/** The embedded wallet is the object core registered, never a wallet found by its name. */
export function findWallet(connectorId: string): Wallet | undefined {
  if (connectorId === EMBEDDED_SOLANA_CONNECTOR_ID) return embeddedSolanaWallet()
  return getWallets()
    .get()
    .find((wallet) => isSolanaWallet(wallet) && connectorIdOf(wallet) === connectorId)
}

/** The wallet with this connector id, waiting up to `ms` for it to register (after a reload). */
export function waitForWallet(
  connectorId: string,
  ms: number = WALLET_REGISTER_WAIT_MS,
): Promise<Wallet | undefined> {
  const found = findWallet(connectorId)
  if (found) return Promise.resolve(found)
  return new Promise((resolve) => {
    const done = (wallet: Wallet | undefined) => {
      clearTimeout(timer)
      off()
      resolve(wallet)
    }
    const timer = setTimeout(() => done(undefined), ms)
    const off = getWallets().on('register', () => {
      const wallet = findWallet(connectorId)
      if (wallet) done(wallet)
    })
  })
}
