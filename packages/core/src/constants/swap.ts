// Swaps (§9): slippage, the chains with an exchange, quote timing, price impact, gas.
/** §9 Swap slippage tolerance 1 (percent) */
export const SWAP_SLIPPAGE = 1

/**
 * §9 The 12 swap-supported EVM chains (Ethereum, Arbitrum One, Optimism, zkSync Era, Base, BNB
 * Smart Chain, Polygon, Gnosis, Avalanche, Fantom, Kaia, Aurora), plus our devnet's two chains,
 * which have an exchange (README "Swap"). The Swap button shows only on these.
 */
export const SWAP_SUPPORTED_CAIP_NETWORK_IDS = [
  'eip155:1',
  'eip155:42161',
  'eip155:10',
  'eip155:324',
  'eip155:8453',
  'eip155:56',
  'eip155:137',
  'eip155:100',
  'eip155:43114',
  'eip155:250',
  'eip155:8217',
  'eip155:1313161554',
  'eip155:31337',
  'eip155:31338',
] as const

/** Ours: a new quote is asked this long after the visitor stops typing */
export const SWAP_QUOTE_DEBOUNCE_MS = 300
/** Ours (issue 22): an open swap form asks for a fresh quote this often */
export const SWAP_QUOTE_REFRESH_MS = 15_000
/** Ours (issue 22): a price impact above this many percent is shown as a warning */
export const SWAP_PRICE_IMPACT_WARNING_PERCENT = 5
/**
 * Ours: the gas Max keeps back (at the fast price) when the native coin is sold; a two-hop
 * Uniswap V2 swap uses about 160,000.
 */
export const SWAP_GAS_RESERVE = 250_000n
/**
 * Ours: the gas a Uniswap V2 swap takes, about (on the devnet, a first swap: ETH → lUSD 135,000;
 * lUSD → WETH → LKT 175,000); the preview's network fee is this at the standard gas price.
 */
export const SWAP_GAS_FIRST_POOL = 130_000n
export const SWAP_GAS_NEXT_POOL = 45_000n
