import { DEFAULT_SOCIALS } from '@latchkey/core/shared'
import { describe, expect, it } from 'vitest'
import {
  packageLicenses,
  simpleIconData,
  simpleIconFile,
  web3IconFile,
  web3IconNames,
} from '../testing/iconFiles.ts'
import {
  NETWORK_ICONS,
  SOCIAL_ICONS,
  TOKEN_ICONS,
  WALLET_ICONS,
  type Web3IconRef,
} from './icons.ts'
import { REAL_WALLETS } from './wallets.ts'

const web3Tables = { WALLET_ICONS, NETWORK_ICONS, TOKEN_ICONS }
const mapped = Object.entries(web3Tables).flatMap(([table, icons]) =>
  Object.entries(icons).flatMap(([id, ref]) => (ref ? [[`${table} ${id}`, ref] as const] : [])),
)

/** What an SVG shown through <img> or opened as a page must not carry. */
const UNSAFE = [
  /<script/i,
  /<foreignObject/i,
  /<image/i,
  /<use/i,
  /<style/i,
  /href/i,
  /\son\w+\s*=/i,
  /<!/,
]

function expectSafeSvg(svg: string, name: string) {
  expect(svg, name).toMatch(/^<svg[\s>][\s\S]*<\/svg>\s*$/)
  for (const pattern of UNSAFE) expect(svg, `${name} ${pattern}`).not.toMatch(pattern)
}

/** 'Trust Wallet' and 'trust' -> 'trust'; 'MyEtherWallet' and 'my-ether-wallet' -> 'myether' */
const brand = (name: string) =>
  name
    .toLowerCase()
    .replace(/wallet/g, '')
    .replace(/[^a-z0-9]/g, '')

describe('the icon packages', () => {
  it('are MIT (@web3icons/core) and CC0 (simple-icons)', () => {
    expect(packageLicenses()).toEqual({ web3icons: 'MIT', simpleIcons: 'CC0-1.0' })
  })
})

describe('WALLET_ICONS, NETWORK_ICONS, TOKEN_ICONS', () => {
  it('decide every seeded wallet, and every network a seeded wallet names', () => {
    expect(Object.keys(WALLET_ICONS).sort()).toEqual(REAL_WALLETS.map((w) => w.id).sort())
    const chains = new Set(REAL_WALLETS.flatMap((wallet) => wallet.chains))
    for (const chain of chains) expect(Object.keys(NETWORK_ICONS), chain).toContain(chain)
  })

  it('name only files @web3icons/core ships, each a safe SVG', () => {
    expect(mapped.length).toBeGreaterThan(0)
    for (const [name, ref] of mapped) {
      const svg = web3IconFile(ref)
      expect(svg, `${name}: ${ref}`).toBeDefined()
      expectSafeSvg(svg as string, name)
    }
  })

  it('leave no wallet without a logo that the package has under its name', () => {
    const shipped = new Set(web3IconNames('wallets/background').map(brand))
    for (const wallet of REAL_WALLETS.filter((w) => WALLET_ICONS[w.id] === null)) {
      expect(shipped.has(brand(wallet.name)), wallet.id).toBe(false)
      expect(shipped.has(brand(wallet.id)), wallet.id).toBe(false)
    }
  })

  it('leave no network or token without a file the package has under its own name', () => {
    const unmapped = (icons: Record<string, Web3IconRef | null>) =>
      Object.entries(icons).filter(([, ref]) => ref === null)
    const networks = new Set(web3IconNames('networks/branded'))
    for (const [id] of unmapped(NETWORK_ICONS)) {
      expect(networks.has(id.split(':')[1] as string), id).toBe(false)
    }
    const tokens = new Set(web3IconNames('tokens/branded'))
    const namesakes = unmapped(TOKEN_ICONS).filter(([symbol]) => tokens.has(symbol.toUpperCase()))
    // lUSD is the devnet's Latchkey USD; the package's LUSD is Liquity USD.
    expect(namesakes.map(([symbol]) => symbol)).toEqual(['lUSD'])
  })
})

describe('SOCIAL_ICONS', () => {
  it("covers every sign-in provider the modal offers, Telegram's too", () => {
    expect(Object.keys(SOCIAL_ICONS).sort()).toEqual([...DEFAULT_SOCIALS, 'telegram'].sort())
  })

  it('names simple-icons files with no license of their own (so CC0), each a safe SVG', () => {
    for (const [provider, slug] of Object.entries(SOCIAL_ICONS)) {
      const svg = simpleIconFile(slug)
      expect(svg, provider).toBeDefined()
      expectSafeSvg(svg as string, provider)
      expect(simpleIconData(slug).license, provider).toBeUndefined()
    }
  })
})
