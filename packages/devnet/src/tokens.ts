import { type Address, erc20Abi, getContractAddress, parseAbi, parseUnits } from 'viem'
import { TEST_ACCOUNTS } from './accounts.ts'

const TOKEN_SPECS = [
  { symbol: 'lUSD', name: 'Latchkey USD', decimals: 6, wholeTokensPerAccount: '1000000' },
  { symbol: 'LKT', name: 'Latchkey Token', decimals: 18, wholeTokensPerAccount: '1000' },
] as const

export type DevnetTokenSymbol = (typeof TOKEN_SPECS)[number]['symbol']

export interface DevnetToken {
  symbol: DevnetTokenSymbol
  name: string
  decimals: number
  address: Address
}

/** Anvil account 0 deploys every token, so each token's address follows from its deploy nonce. */
export const TOKEN_DEPLOYER = TEST_ACCOUNTS[0]

/** Token i is deployed with nonce i, so addresses are identical on every fresh devnet chain. */
export const DEVNET_TOKENS: readonly DevnetToken[] = TOKEN_SPECS.map(
  ({ symbol, name, decimals }, nonce) => ({
    symbol,
    name,
    decimals,
    address: getContractAddress({ from: TOKEN_DEPLOYER.address, nonce: BigInt(nonce) }),
  }),
)

/** Base units of each token minted to every test account. */
export const DEVNET_TOKEN_BALANCES = Object.fromEntries(
  TOKEN_SPECS.map(({ symbol, decimals, wholeTokensPerAccount }) => [
    symbol,
    parseUnits(wholeTokensPerAccount, decimals),
  ]),
) as Readonly<Record<DevnetTokenSymbol, bigint>>

/** Typed ABI of TestToken; compile.test.ts checks it against the compiled artifact. */
export const testTokenAbi = [
  ...erc20Abi,
  ...parseAbi([
    'function mint(address to, uint256 amount)',
    'function owner() view returns (address)',
    'error ERC20InsufficientBalance(address sender, uint256 balance, uint256 needed)',
    'error ERC20InsufficientAllowance(address spender, uint256 allowance, uint256 needed)',
    'error ERC20InvalidReceiver(address receiver)',
    'error OwnableUnauthorizedAccount(address account)',
  ]),
] as const
