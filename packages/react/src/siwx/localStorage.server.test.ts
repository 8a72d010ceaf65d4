// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { LocalStorage } from './localStorage.ts'
import { EVM_CHAIN, evmSigner, messageData } from './testing/signers.ts'

describe('on a server (no window)', () => {
  it('LocalStorage is made and used without touching window: keeps nothing, finds nothing', async () => {
    expect(typeof window).toBe('undefined')
    const storage = new LocalStorage({ key: 'k' })
    const { address } = evmSigner()
    const data = messageData({ address, chainId: EVM_CHAIN })
    const session = { data, message: 'm', signature: '0x' }
    await expect(storage.add(session)).resolves.toBeUndefined()
    await expect(storage.set([session])).resolves.toBeUndefined()
    await expect(storage.delete(EVM_CHAIN, address)).resolves.toBeUndefined()
    expect(await storage.get(EVM_CHAIN, address)).toEqual([])
  })

  it("the entry loads and AppKit's classes are made at module level, as an SSR app does", async () => {
    const siwx = await import('@latchkey/react/siwx')
    const made = [
      new siwx.DefaultSIWX(),
      new siwx.DefaultSIWX({
        messenger: new siwx.InformalMessenger({
          domain: 'app.example',
          uri: 'https://app.example',
          getNonce: async () => 'abcdefgh',
        }),
        verifiers: [new siwx.EIP155Verifier(), new siwx.SolanaVerifier()],
        storage: new siwx.LocalStorage({ key: 'x' }),
      }),
      new siwx.ReownAuthentication(),
    ]
    expect(made.map((config) => config.required)).toEqual([true, true, true])
    expect(await made[0]?.getSessions(EVM_CHAIN, evmSigner().address)).toEqual([])
  })
})
