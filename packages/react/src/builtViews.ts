import type { ViewName } from '@latchkey/core/router'

/** The views this release renders; `open({ view })` with another one is refused and logged. */
export const BUILT_VIEWS: readonly ViewName[] = [
  'Connect',
  'AllWallets',
  'ConnectingExternal',
  'Account',
  'Networks',
  'SwitchNetwork',
  'UnsupportedChain',
]
