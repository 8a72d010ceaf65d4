// Test support only: wallets as the modal sees them.
import type { ChainAdapter, ConnectorInfo, DirectoryWallet } from '@latchkey/core/internal'

/** An EIP-6963 wallet discovered in this browser. */
export const metamask: ConnectorInfo = {
  id: 'io.metamask',
  name: 'MetaMask',
  type: 'ANNOUNCED',
  chain: 'eip155',
  rdns: 'io.metamask',
  imageUrl: 'data:image/svg+xml,<svg/>',
}

/** A wallet as the directory lists it, not installed in this browser. */
export const rainbow: DirectoryWallet = {
  id: 'rainbow',
  name: 'Rainbow',
  image_id: 'r',
  imageUrl: 'http://127.0.0.1:1/getWalletImage/r',
  rdns: 'me.rainbow',
  chains: ['eip155:1'],
  homepage: 'https://rainbow.me',
  mobile_link: 'rainbow://',
  desktop_link: null,
  webapp_link: null,
  app_store: null,
  play_store: null,
  chrome_store: null,
  badge_type: 'certified',
  installed: false,
}

/**
 * An EVM adapter that never loads: the app has one, so the modal opens on Connect (without one
 * it opens ConnectingWalletConnectBasic, which starts WalletConnect).
 */
export const idleEvmAdapter: ChainAdapter = {
  namespace: 'eip155',
  watchConnectors: () => () => {},
  load: () => new Promise(() => {}),
}
