import { en } from './messages.ts'
import { farcasterEn } from './views/connect/farcasterMessages.ts'
import { passkeyEn } from './views/embedded/passkeyMessages.ts'
import { namesEn } from './views/names/namesMessages.ts'
import { onrampEn } from './views/onramp/onrampMessages.ts'
import { swapEn } from './views/swap/swapMessages.ts'

/** Every English text, the starting point of a translation (README "Languages"). */
export const englishMessages = /* @__PURE__ */ Object.assign(
  {},
  en,
  swapEn,
  onrampEn,
  namesEn,
  farcasterEn,
  passkeyEn,
)
