// @vitest-environment node
import { localChainA, localChainB } from '@latchkey/core/networks'
import { createElement } from 'react'
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { AppKitButton } from './buttons/Buttons.tsx'
import { createAppKit } from './createAppKit.ts'
import { useAppKitAccount, useAppKitNetwork } from './hooks.ts'
import { getDefaultAppKit, useAppKitInstance } from './instance.ts'

describe('createAppKit on a server (no window)', () => {
  it('builds an instance without touching the DOM or any global', () => {
    const a = createAppKit({ networks: [localChainA], projectId: 'p' })
    const b = createAppKit({ networks: [localChainA], projectId: 'p' })
    expect(getDefaultAppKit()).toBeUndefined()
    a.open({ view: 'Networks' })
    expect(a.getState().open).toBe(true)
    expect(b.getState().open).toBe(false)
  })
})

describe('the language on a server', () => {
  it('is English, whatever the options ask: no navigator there, and nothing loads', () => {
    const appKit = createAppKit({ networks: [localChainA], projectId: 'p', locale: 'de' })
    expect(appKit.getState().locale).toBe('en')
    // Without AppKitProvider: a fresh instance from the same options, as AppKit apps render.
    expect(renderToString(createElement(AppKitButton))).toContain('Connect Wallet')
  })
})

/** Instances the server-rendered page saw, one per render. */
const instances: unknown[] = []

function Page() {
  instances.push(useAppKitInstance())
  const { status } = useAppKitAccount()
  const { caipNetworkId } = useAppKitNetwork()
  return createElement('p', null, `${status} ${caipNetworkId}`)
}

describe('hooks rendered on a server without AppKitProvider (AppKit’s usual setup)', () => {
  it('render the initial state from the app’s options, a fresh instance each time', async () => {
    createAppKit({ networks: [localChainB, localChainA], projectId: 'p' })
    instances.length = 0
    const [first, second] = await Promise.all([
      Promise.resolve().then(() => renderToString(createElement(Page))),
      Promise.resolve().then(() => renderToString(createElement(Page))),
    ])
    expect(first).toBe('<p>disconnected eip155:31338</p>')
    expect(second).toBe(first)
    expect(instances).toHaveLength(2)
    expect(instances[0]).not.toBe(instances[1])
  })
})
