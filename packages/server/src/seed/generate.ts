import { createHash } from 'node:crypto'
import { GENERATED_RANK_BASE } from '../constants.ts'
import {
  ARBITRUM,
  AVALANCHE,
  BASE,
  BITCOIN,
  BSC,
  COSMOS_HUB,
  ETHEREUM,
  OPTIMISM,
  POLKADOT,
  POLYGON,
  SOLANA,
  STACKS,
  SUI,
} from './chains.ts'
import type { SeedWallet } from './wallets.ts'

/** A generated wallet: a SeedWallet with its place in the generated directory. */
export interface GeneratedWallet extends SeedWallet {
  directoryIndex: number
  rank: number
}

const PREFIXES = `
Amber Apex Arc Astra Aurora Beacon Birch Blue Bolt Cedar Cinder Cobalt Comet Coral Crest
Delta Drift Echo Ember Fable Fern Flint Frost Gale Glint Granite Harbor Haven Hollow
Indigo Iris Jade Juniper Kestrel Lumen Lunar Maple Meadow Mint Nimbus Noble Nova Oak Onyx
Orbit Pebble Pine Prism Quartz Quill Raven Ridge River Sable Sage Slate Solace Sparrow
Spruce Stone Summit Tidal Timber Topaz Umber Vale Velvet Vista Willow Zephyr
`
  .trim()
  .split(/\s+/)
const STEMS = `
Key Vault Pocket Purse Safe Chest Coin Ledger Gate Port Dock Nest Keep Hold Link Pass Sign
Mint Block Chain
`
  .trim()
  .split(/\s+/)
const SUFFIXES = ['', '', '', ' Wallet', ' Wallet', ' Pay', ' Labs', ' Mobile', ' X', ' One']
const DOMAINS = ['app', 'io', 'xyz', 'com', 'org']

const CHAIN_POOL = [
  { chain: ETHEREUM, weight: 60 },
  { chain: POLYGON, weight: 35 },
  { chain: BSC, weight: 30 },
  { chain: ARBITRUM, weight: 30 },
  { chain: OPTIMISM, weight: 25 },
  { chain: BASE, weight: 25 },
  { chain: AVALANCHE, weight: 15 },
  { chain: SOLANA, weight: 25 },
  { chain: BITCOIN, weight: 15 },
  { chain: COSMOS_HUB, weight: 8 },
  { chain: POLKADOT, weight: 6 },
  { chain: SUI, weight: 5 },
  { chain: STACKS, weight: 2 },
]

/** mulberry32: a small seeded PRNG, so the same seed always gives the same directory. */
function createRandom(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
}

function pick<T>(random: () => number, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)] as T
}

function pickChains(random: () => number): string[] {
  const chosen = CHAIN_POOL.filter(({ weight }) => random() * 100 < weight).map((c) => c.chain)
  return chosen.length > 0 ? chosen : [ETHEREUM]
}

function slugOf(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]+/g, '')
}

/** Explorer-style ids: 64 hex digits, fixed by the seed and the position. */
function generatedId(seed: number, index: number): string {
  return createHash('sha256').update(`latchkey-directory:${seed}:${index}`).digest('hex')
}

function uniqueName(random: () => number, taken: Set<string>): string {
  const base = `${pick(random, PREFIXES)}${pick(random, STEMS).toLowerCase()}${pick(random, SUFFIXES)}`
  let name = base
  for (let n = 2; taken.has(name.toLowerCase()); n++) name = `${base} ${n}`
  taken.add(name.toLowerCase())
  return name
}

/**
 * A deterministic directory of `count` plausible wallets: the same (count, seed) gives the same
 * wallets, and a larger count extends a smaller one. Links use the reserved .example domain.
 */
export function generateWallets(count: number, seed: number): GeneratedWallet[] {
  const random = createRandom(seed)
  const taken = new Set<string>()
  const wallets: GeneratedWallet[] = []
  for (let index = 0; index < count; index++) {
    const name = uniqueName(random, taken)
    const slug = slugOf(name)
    const domain = pick(random, DOMAINS)
    const chains = pickChains(random)
    const evm = chains.some((chain) => chain.startsWith('eip155:'))
    const hasRdns = evm && random() < 0.4
    const hasMobile = random() < 0.6
    wallets.push({
      id: generatedId(seed, index),
      name,
      rdns: hasRdns ? `${domain}.${slug}` : null,
      chains,
      customEvmNetworks: evm && random() < 0.3,
      homepage: `https://${slug}.example`,
      mobileLink: hasMobile ? `${slug}://` : null,
      universalLink: hasMobile && random() < 0.5 ? `https://link.${slug}.example` : null,
      desktopLink: random() < 0.1 ? `${slug}-desktop://` : null,
      webappLink: random() < 0.15 ? `https://app.${slug}.example` : null,
      appStore: null,
      playStore: null,
      chromeStore: null,
      certified: random() < 0.02,
      directoryIndex: index,
      rank: GENERATED_RANK_BASE + index,
    })
  }
  return wallets
}
