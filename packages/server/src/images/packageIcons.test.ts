import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { describe, expect, it } from 'vitest'
import { memoized, simpleIcon, walletLogos, web3Icon } from './packageIcons.ts'

const packageFile = createRequire(import.meta.url).resolve

describe('web3Icon', () => {
  it('gives the SVG a @web3icons/core file exports, and undefined for a file it lacks', async () => {
    const svg = await web3Icon('wallets/background/metamask')
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"[^>]*>[\s\S]*<\/svg>\n$/)
    expect(await web3Icon('wallets/background/no-such-wallet')).toBeUndefined()
  })
})

describe('simpleIcon', () => {
  it('gives the file as the package ships it, and undefined for a slug it lacks', async () => {
    const path = packageFile('simple-icons/icons/github.svg')
    expect(await simpleIcon('github')).toBe(readFileSync(path, 'utf8'))
    expect(await simpleIcon('no-such-brand')).toBeUndefined()
  })
})

describe('walletLogos', () => {
  it("loads the mapped wallets' logos and leaves out the rest", async () => {
    const logos = await walletLogos(['a', 'b', 'c', 'toString'], {
      a: 'wallets/background/rabby',
      b: null,
      c: 'wallets/background/no-such-wallet',
    })
    expect([...logos.keys()]).toEqual(['a'])
    expect(logos.get('a')).toBe(await web3Icon('wallets/background/rabby'))
  })
})

describe('memoized', () => {
  it('loads each key once, and again after a failure', async () => {
    const calls: string[] = []
    let fail = true
    const load = memoized(async (key: string) => {
      calls.push(key)
      if (key === 'bad' && fail) throw new Error('disk')
      return `<svg>${key}</svg>`
    })
    expect(await load('a')).toBe('<svg>a</svg>')
    expect(await load('a')).toBe('<svg>a</svg>')
    await expect(load('bad')).rejects.toThrow('disk')
    fail = false
    expect(await load('bad')).toBe('<svg>bad</svg>')
    expect(calls).toEqual(['a', 'bad', 'bad'])
  })
})
