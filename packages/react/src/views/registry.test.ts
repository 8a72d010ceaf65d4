import { describe, expect, it } from 'vitest'
import { preloadViews, viewComponent } from './registry.ts'

describe('viewComponent', () => {
  it('keeps a view the type it first rendered with, after its chunk has loaded too', async () => {
    // Asked before its chunk is in: the lazy wrapper
    const first = viewComponent('Receive')
    expect(first).toBeDefined()
    await preloadViews()
    // A re-render of the modal (a theme change) must not swap it for the loaded component:
    // React would mount the view again and lose its state.
    expect(viewComponent('Receive')).toBe(first)
    // A view first asked once loaded renders as the loaded component itself, with no Suspense
    expect(viewComponent('Networks')).toBe((await import('./networks/Networks.tsx')).default)
    expect(viewComponent('Networks')).toBe(viewComponent('Networks'))
  })
})
