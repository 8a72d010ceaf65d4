import { localChainA } from '@latchkey/core/networks'
import { render, waitFor } from '@testing-library/react'
import { StrictMode } from 'react'
import { describe, expect, it } from 'vitest'
import { AppKitProvider } from './context.tsx'
import { getDefaultAppKit, useAppKitInstance } from './instance.ts'

// Alone in its file: it counts the modals mounted on the page.
let used: unknown
function Used() {
  used = useAppKitInstance()
  return null
}

describe('AppKitProvider with options under StrictMode', () => {
  it('under StrictMode starts exactly one instance: the one its tree uses', async () => {
    render(
      <StrictMode>
        <AppKitProvider networks={[localChainA]} projectId="p" apiUrl="http://127.0.0.1:1">
          <Used />
        </AppKitProvider>
      </StrictMode>,
    )
    await waitFor(() => expect(document.querySelectorAll('[data-latchkey-modal]')).toHaveLength(1))
    await new Promise((resolve) => setTimeout(resolve, 30))
    expect(document.querySelectorAll('[data-latchkey-modal]')).toHaveLength(1)
    expect(getDefaultAppKit()).toBe(used)
    getDefaultAppKit()?.destroy()
  })
})
