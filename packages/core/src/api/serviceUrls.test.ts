// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest'
import { createAppKitCore } from '../appkit.ts'
import { DEFAULT_API_URL, DEFAULT_FRAME_URL } from '../constants.ts'
import { localChainA } from '../networks.ts'
import { MemoryStorage } from '../storage/memoryStorage.ts'
import { resolveServiceUrls } from './serviceUrls.ts'

function meta(name: string, content: string) {
  const tag = document.createElement('meta')
  tag.name = name
  tag.content = content
  document.head.append(tag)
}

afterEach(() => document.head.replaceChildren())

describe('service URLs without a code change', () => {
  it('come from the page’s meta tags when the options do not name them', () => {
    meta('latchkey-api-url', 'https://api.example.com')
    meta('latchkey-relay-url', 'wss://relay.example.com')
    meta('latchkey-frame-url', 'https://wallet.example.com/')
    expect(resolveServiceUrls({})).toEqual({
      apiUrl: 'https://api.example.com',
      relayUrl: 'wss://relay.example.com',
      frameUrl: 'https://wallet.example.com/',
    })
    expect(resolveServiceUrls({ apiUrl: 'https://mine.example' }).apiUrl).toBe(
      'https://mine.example',
    )
  })

  it('an instance created on such a page calls the services the tags name', async () => {
    meta('latchkey-api-url', 'https://api.example.com')
    const core = createAppKitCore({
      networks: [localChainA],
      projectId: 'p',
      storage: new MemoryStorage(),
    })
    const api = await core.api()
    expect(api.walletImageUrl('w1')).toMatch(/^https:\/\/api\.example\.com\/getWalletImage\/w1\?/)
    core.destroy()
  })

  it('fall back to the local stack (and WalletConnect’s relay) without tags; bad tags are ignored', () => {
    meta('latchkey-api-url', 'javascript:alert(1)')
    meta('latchkey-frame-url', 'not a url')
    expect(resolveServiceUrls({})).toEqual({
      apiUrl: DEFAULT_API_URL,
      relayUrl: undefined,
      frameUrl: DEFAULT_FRAME_URL,
    })
    expect(resolveServiceUrls({}, undefined).apiUrl).toBe(DEFAULT_API_URL)
  })
})
