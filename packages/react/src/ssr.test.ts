// @vitest-environment node
import { localChainA } from '@latchkey/core/networks'
import { describe, expect, it } from 'vitest'
import { createAppKit, getDefaultAppKit } from './createAppKit.ts'

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
