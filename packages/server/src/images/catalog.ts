// Image tables for the §7 image routes: networks (getAssetImage), fiat currencies
// (getCurrencyImage) and tokens (getTokenImage). Our own tables, drawn as badges.

import { badgeSvg } from './svg.ts'

interface ImageEntry {
  label: string
  title: string
}

/** Networks by CAIP-2 id: the ones @latchkey/core/networks defines and the seed data names. */
const NETWORKS: Record<string, ImageEntry> = {
  'eip155:1': { label: 'ETH', title: 'Ethereum' },
  'eip155:10': { label: 'OP', title: 'OP Mainnet' },
  'eip155:56': { label: 'BNB', title: 'BNB Smart Chain' },
  'eip155:100': { label: 'GNO', title: 'Gnosis' },
  'eip155:137': { label: 'POL', title: 'Polygon' },
  'eip155:250': { label: 'FTM', title: 'Fantom' },
  'eip155:324': { label: 'ZK', title: 'zkSync' },
  'eip155:2020': { label: 'RON', title: 'Ronin' },
  'eip155:8453': { label: 'BASE', title: 'Base' },
  'eip155:42161': { label: 'ARB', title: 'Arbitrum One' },
  'eip155:42220': { label: 'CELO', title: 'Celo' },
  'eip155:43114': { label: 'AVAX', title: 'Avalanche' },
  'eip155:59144': { label: 'LIN', title: 'Linea' },
  'eip155:534352': { label: 'SCR', title: 'Scroll' },
  'eip155:7777777': { label: 'ZORA', title: 'Zora' },
  'eip155:11155111': { label: 'SEP', title: 'Sepolia' },
  'eip155:31337': { label: 'LA', title: 'Latchkey Local A' },
  'eip155:31338': { label: 'LB', title: 'Latchkey Local B' },
  'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp': { label: 'SOL', title: 'Solana' },
  'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1': { label: 'SOL', title: 'Solana Devnet' },
  'solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z': { label: 'SOL', title: 'Solana Testnet' },
  'bip122:000000000019d6689c085ae165831e93': { label: 'BTC', title: 'Bitcoin' },
  'cosmos:cosmoshub-4': { label: 'ATOM', title: 'Cosmos Hub' },
  'cosmos:osmosis-1': { label: 'OSMO', title: 'Osmosis' },
  'cosmos:phoenix-1': { label: 'LUNA', title: 'Terra' },
  'polkadot:91b171bb158e2d3848fa23a9f1c25182': { label: 'DOT', title: 'Polkadot' },
  'polkadot:b0a8d493285c2df73290dfb7e61f870f': { label: 'KSM', title: 'Kusama' },
  'sui:mainnet': { label: 'SUI', title: 'Sui' },
  'stacks:1': { label: 'STX', title: 'Stacks' },
}

/** Fiat currencies by ISO 4217 code (the onramp's payment currencies). */
const CURRENCIES: Record<string, ImageEntry> = {
  USD: { label: '$', title: 'US Dollar' },
  EUR: { label: '€', title: 'Euro' },
  GBP: { label: '£', title: 'Pound Sterling' },
  JPY: { label: '¥', title: 'Japanese Yen' },
  CAD: { label: 'C$', title: 'Canadian Dollar' },
  AUD: { label: 'A$', title: 'Australian Dollar' },
  CHF: { label: 'Fr', title: 'Swiss Franc' },
  BRL: { label: 'R$', title: 'Brazilian Real' },
  INR: { label: '₹', title: 'Indian Rupee' },
  KRW: { label: '₩', title: 'South Korean Won' },
  MXN: { label: 'Mex$', title: 'Mexican Peso' },
  SGD: { label: 'S$', title: 'Singapore Dollar' },
  TRY: { label: '₺', title: 'Turkish Lira' },
}

/** Tokens by symbol: native coins, the common stablecoins and the devnet's test tokens. */
const TOKENS: Record<string, ImageEntry> = Object.fromEntries(
  [
    ['ETH', 'Ether'],
    ['WETH', 'Wrapped Ether'],
    ['USDC', 'USD Coin'],
    ['USDT', 'Tether USD'],
    ['DAI', 'Dai'],
    ['WBTC', 'Wrapped Bitcoin'],
    ['BTC', 'Bitcoin'],
    ['SOL', 'Solana'],
    ['POL', 'POL'],
    ['BNB', 'BNB'],
    ['AVAX', 'Avalanche'],
    ['OP', 'Optimism'],
    ['ARB', 'Arbitrum'],
    ['LINK', 'Chainlink'],
    ['UNI', 'Uniswap'],
    ['AAVE', 'Aave'],
    ['ATOM', 'Cosmos'],
    ['DOT', 'Polkadot'],
    ['SUI', 'Sui'],
    ['CELO', 'Celo'],
    ['lUSD', 'Latchkey USD'],
    ['LKT', 'Latchkey Token'],
  ].map(([symbol, title]) => [
    (symbol as string).toUpperCase(),
    { label: symbol as string, title: title as string },
  ]),
)

export type ImageCatalog = 'asset' | 'currency' | 'token'

const CATALOGS: Record<ImageCatalog, { entries: Record<string, ImageEntry>; caseless: boolean }> = {
  asset: { entries: NETWORKS, caseless: false },
  currency: { entries: CURRENCIES, caseless: true },
  token: { entries: TOKENS, caseless: true },
}

/** The SVG for an id in a catalog, or undefined when the catalog has no such id. */
export function catalogImageSvg(catalog: ImageCatalog, id: string): string | undefined {
  const { entries, caseless } = CATALOGS[catalog]
  const key = caseless ? id.toUpperCase() : id
  if (!Object.hasOwn(entries, key)) return undefined
  const entry = entries[key] as ImageEntry
  return badgeSvg({ ...entry, colorKey: `${catalog}:${key}`, shape: 'circle' })
}
