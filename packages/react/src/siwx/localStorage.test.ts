import { afterEach, describe, expect, it } from 'vitest'
import { LocalStorage } from './localStorage.ts'
import { EVM_CHAIN, evmSigner, messageData, SOLANA_CHAIN, solanaSigner } from './testing/signers.ts'

const KEY = 'test/siwx'
afterEach(() => localStorage.clear())

const TIMES = { issuedAt: '2030-01-01T00:00:00.000Z', expirationTime: '2030-01-02T00:00:00.000Z' }

function session(address: string, chainId = EVM_CHAIN) {
  const data = messageData({ address, chainId }, TIMES)
  return { data, message: `for ${address}`, signature: '0x01' }
}

describe('LocalStorage', () => {
  it("round-trips sessions under its key, and gets one account's on one network", async () => {
    const storage = new LocalStorage({ key: KEY })
    const a = evmSigner().address
    const b = evmSigner().address
    await storage.add(session(a))
    await storage.add(session(b))
    await storage.add(session(a, 'eip155:10'))
    expect(await storage.get(EVM_CHAIN, a.toLowerCase())).toEqual([session(a)])
    expect(JSON.parse(localStorage.getItem(KEY) ?? '')).toHaveLength(3)
    // a second instance on the same key reads the same entry
    expect(await new LocalStorage({ key: KEY }).get('eip155:10', a)).toEqual([
      session(a, 'eip155:10'),
    ])
    expect(await new LocalStorage({ key: 'other' }).get(EVM_CHAIN, a)).toEqual([])
  })

  it("deletes one account's sessions on one network only", async () => {
    const storage = new LocalStorage({ key: KEY })
    const a = evmSigner().address
    const b = evmSigner().address
    await storage.set([session(a), session(b), session(a, 'eip155:10')])
    await storage.delete(EVM_CHAIN, a)
    expect(await storage.get(EVM_CHAIN, a)).toEqual([])
    expect(await storage.get(EVM_CHAIN, b)).toEqual([session(b)])
    expect(await storage.get('eip155:10', a)).toEqual([session(a, 'eip155:10')])
  })

  it('keeps Solana addresses case-sensitive', async () => {
    const storage = new LocalStorage({ key: KEY })
    const { address } = await solanaSigner()
    await storage.add(session(address, SOLANA_CHAIN))
    expect(await storage.get(SOLANA_CHAIN, address)).toHaveLength(1)
    expect(await storage.get(SOLANA_CHAIN, address.toLowerCase())).toEqual([])
  })

  it('reads malformed JSON, a non-list or malformed entries as no sessions', async () => {
    const storage = new LocalStorage({ key: KEY })
    const a = evmSigner().address
    localStorage.setItem(KEY, '{not json')
    expect(await storage.get(EVM_CHAIN, a)).toEqual([])
    await storage.add(session(a))
    expect(await storage.get(EVM_CHAIN, a)).toEqual([session(a)])
    localStorage.setItem(KEY, JSON.stringify({ sessions: [session(a)] }))
    expect(await storage.get(EVM_CHAIN, a)).toEqual([])
    localStorage.setItem(KEY, JSON.stringify([null, 1, { data: {} }, session(a)]))
    expect(await storage.get(EVM_CHAIN, a)).toEqual([session(a)])
  })

  it('ignores a write the browser refuses (storage full)', async () => {
    const storage = new LocalStorage({ key: KEY })
    const a = evmSigner().address
    await storage.add(session(a))
    // jsdom's quota is 5,000,000 code units per origin, as browsers': leave room for 10 more
    const used = KEY.length + (localStorage.getItem(KEY)?.length ?? 0) + 'filler'.length
    localStorage.setItem('filler', 'x'.repeat(5_000_000 - used - 10))
    const b = evmSigner().address
    await expect(storage.add(session(b))).resolves.toBeUndefined()
    expect(await storage.get(EVM_CHAIN, b)).toEqual([])
    expect(await storage.get(EVM_CHAIN, a)).toEqual([session(a)])
  })
})
