import { findFreePort } from '@latchkey/devnet'
import { describe, expect, it } from 'vitest'
import { ASSETS_UNREADABLE, parseAssetsRequest, walletAssets } from './walletAssets.ts'

const ACCOUNT = '0x1111111111111111111111111111111111111111'

describe('wallet_getAssets without the services', () => {
  it('says the assets could not be read when nothing answers', async () => {
    // A free port: the connection is refused, as when the services are down.
    const deps = {
      apiUrl: `http://127.0.0.1:${await findFreePort()}`,
      projectId: 'p',
      fetch: globalThis.fetch,
    }
    const request = parseAssetsRequest([{ account: ACCOUNT }], [ACCOUNT])
    await expect(walletAssets(deps, request)).rejects.toThrow(ASSETS_UNREADABLE)
  })
})
