// The exchange's constants: /v1/convert/* and pool prices (re-exported by ../constants.ts).
// ---- Swaps (issue 22; README "Swap") ----
/** Uniswap V2: each pool keeps 3 per mille of what goes in (UniswapV2Library.getAmountOut) */
export const SWAP_FEE_PER_MILLE = 3
/** §9: swap slippage tolerance, percent (build-transaction's default for eip155.slippage) */
export const SWAP_SLIPPAGE_PERCENT = 1
/** Ours: the most eip155.slippage may say, percent */
export const SWAP_MAX_SLIPPAGE_PERCENT = 50
/** Ours: a built swap must be mined within this long of when it was built */
export const SWAP_DEADLINE_SECONDS = 1_200
/**
 * Ours: a built swap's gas is the node's estimate plus this much. A Uniswap V2 pool writes its
 * cumulative prices only in the first trade of a new second, so an estimate made in the second of
 * the pool's last trade leaves out two storage writes (up to 44,000 gas on a young pool) and the
 * swap, mined a second later, runs out of gas. Gas not used is not paid.
 */
export const SWAP_GAS_MARGIN_PERCENT = 50
/** Ours: /v1/convert/gas-price's fast and instant prices, as multiples of eth_gasPrice */
export const GAS_PRICE_MULTIPLIERS = { standard: 1, fast: 1.2, instant: 1.5 } as const
/**
 * The devnet's exchange router (Uniswap V2, deployed by @latchkey/devnet on every local chain):
 * a chain in LOCAL_SWAP_CHAIN_IDS swaps through it unless EVM_SWAP_ROUTERS names another
 */
export const LOCAL_SWAP_ROUTER = '0x5481Cac231b1fD97B4e7E0FF2C2DE3F414DD13F3'
export const LOCAL_SWAP_CHAIN_IDS: readonly number[] = [31337, 31338]
/**
 * Ours: the stablecoins a chain's pools are priced against, first found first; the anchor keeps
 * the price table's price (swap/poolPrices.ts)
 */
export const SWAP_PRICE_ANCHORS: readonly string[] = ['lUSD', 'USDC', 'USDT', 'DAI']
