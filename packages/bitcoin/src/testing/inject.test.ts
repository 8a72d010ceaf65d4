// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest'
import { createBitcoinEngine } from '../engine.ts'
import { bitcoinRegtest } from '../networks.ts'
import { announcedProviders } from '../satsProviders.ts'
import { findStandardWallet } from '../standardWallets.ts'
import { injectBitcoinWallet, type PageLike } from './wallet.ts'

/** A page that runs its init script here, the way a browser would before the app's scripts. */
function fakePage(): PageLike & { run(): void } {
  const scripts: string[] = []
  return {
    async exposeFunction(name, callback) {
      ;(window as unknown as Record<string, unknown>)[name] = callback
    },
    async addInitScript(script) {
      scripts.push(script)
    },
    run() {
      for (const script of scripts) new Function(script)()
    },
  }
}

afterEach(() => {
  window.btc_providers = undefined
})

describe('the test wallet in a page', () => {
  it('registers its Wallet Standard side and announces its Sats Connect side from an init script', async () => {
    const page = fakePage()
    const controls = await injectBitcoinWallet(page, {
      esploraUrl: 'http://127.0.0.1:1',
      name: 'Injected Wallet',
    })
    page.run()
    expect(findStandardWallet(controls.standardConnectorId)?.name).toBe('Injected Wallet')
    expect(announcedProviders().map((p) => `sats-connect:${p.id}`)).toEqual([
      controls.satsConnectorId,
    ])
    const engine = createBitcoinEngine({ networks: [bitcoinRegtest], walletWaitMs: 50 })
    const snapshot = await engine.connect(controls.standardConnectorId)
    expect(snapshot).toMatchObject({ status: 'connected', address: controls.address })
    await engine.disconnect()
    expect(await engine.reconnect(controls.satsConnectorId)).toBe(true)
    expect(controls.prompts).toBe(1)
  })
})
