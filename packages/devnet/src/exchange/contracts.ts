// The local exchange's contracts: Uniswap V2 (core and periphery) and WETH9 as their npm
// packages built them, their addresses (a dedicated deployer's nonces 0–2) and the pools'
// addresses (CREATE2 from the factory, as the router computes them).
import { type Address, encodePacked, getContractAddress, type Hex, keccak256, parseAbi } from 'viem'
import { privateKeyToAddress } from 'viem/accounts'

/**
 * keccak256 of the pair's creation code, as the router's UniswapV2Library has it (Uniswap's
 * published value); exchange.test.ts checks it against the artifact.
 */
export const PAIR_INIT_CODE_HASH: Hex =
  '0x96e8ac4277198ff8b6f785478aa9a39f403cb768dd02cbee326c3e7da348845f'

/** The contracts' creation code, read from the npm artifacts only when a chain is deployed. */
export async function exchangeBytecode() {
  const load = async (module: Promise<{ default: { bytecode: string } }>) => {
    const { bytecode } = (await module).default
    return (bytecode.startsWith('0x') ? bytecode : `0x${bytecode}`) as Hex
  }
  const [weth, factory, router, pair] = await Promise.all([
    load(import('@uniswap/v2-periphery/build/WETH9.json', { with: { type: 'json' } })),
    load(import('@uniswap/v2-core/build/UniswapV2Factory.json', { with: { type: 'json' } })),
    load(import('@uniswap/v2-periphery/build/UniswapV2Router02.json', { with: { type: 'json' } })),
    load(import('@uniswap/v2-core/build/UniswapV2Pair.json', { with: { type: 'json' } })),
  ])
  return { weth, factory, router, pair }
}

/**
 * Deploys the exchange and owns its seed liquidity. Not a test account, so the exchange changes
 * no test account's nonce or balances. Its key is public: a local chain only.
 */
export const EXCHANGE_DEPLOYER_KEY = keccak256(
  encodePacked(['string'], ['latchkey devnet exchange deployer']),
)
export const EXCHANGE_DEPLOYER = privateKeyToAddress(EXCHANGE_DEPLOYER_KEY)

const deployed = (nonce: number) =>
  getContractAddress({ from: EXCHANGE_DEPLOYER, nonce: BigInt(nonce) })

/** The same on every devnet chain: nonce 0 WETH9, 1 the factory, 2 the router. */
export const EXCHANGE_ADDRESSES = {
  weth: deployed(0),
  factory: deployed(1),
  router: deployed(2),
} as const

/** The pool of two tokens, whether or not it exists yet (the router's pairFor). */
export function pairAddress(tokenA: Address, tokenB: Address): Address {
  const [token0, token1] =
    tokenA.toLowerCase() < tokenB.toLowerCase() ? [tokenA, tokenB] : [tokenB, tokenA]
  return getContractAddress({
    opcode: 'CREATE2',
    from: EXCHANGE_ADDRESSES.factory,
    salt: keccak256(encodePacked(['address', 'address'], [token0, token1])),
    bytecodeHash: PAIR_INIT_CODE_HASH,
  })
}

export const wethAbi = parseAbi([
  'function deposit() payable',
  'function withdraw(uint256 wad)',
  'function balanceOf(address) view returns (uint256)',
  'function approve(address guy, uint256 wad) returns (bool)',
])

export const factoryAbi = parseAbi([
  'constructor(address feeToSetter)',
  'function getPair(address tokenA, address tokenB) view returns (address pair)',
  'function allPairsLength() view returns (uint256)',
])

export const routerAbi = parseAbi([
  'constructor(address factory, address weth)',
  'function factory() view returns (address)',
  'function WETH() view returns (address)',
  'function getAmountsOut(uint256 amountIn, address[] path) view returns (uint256[] amounts)',
  'function getAmountsIn(uint256 amountOut, address[] path) view returns (uint256[] amounts)',
  'function addLiquidity(address tokenA, address tokenB, uint256 amountADesired, uint256 amountBDesired, uint256 amountAMin, uint256 amountBMin, address to, uint256 deadline) returns (uint256 amountA, uint256 amountB, uint256 liquidity)',
  'function addLiquidityETH(address token, uint256 amountTokenDesired, uint256 amountTokenMin, uint256 amountETHMin, address to, uint256 deadline) payable returns (uint256 amountToken, uint256 amountETH, uint256 liquidity)',
  'function swapExactETHForTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline) payable returns (uint256[] amounts)',
  'function swapExactTokensForETH(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)',
  'function swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)',
])

export const pairAbi = parseAbi([
  'function token0() view returns (address)',
  'function token1() view returns (address)',
  'function getReserves() view returns (uint112 reserve0, uint112 reserve1, uint32 blockTimestampLast)',
])
