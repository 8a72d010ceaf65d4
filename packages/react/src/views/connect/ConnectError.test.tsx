import { ErrorText } from '@latchkey/core/internal'
import { localChainA } from '@latchkey/core/networks'
import { cleanup, fireEvent, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { en } from '../../messages.ts'
import { renderWithAppKit } from '../../testing/renderWithAppKit.tsx'
import { ConnectError } from './ConnectError.tsx'

afterEach(cleanup)

describe('ConnectError', () => {
  it('announces the failure and retries on each press of Try again', () => {
    const onRetry = vi.fn()
    const appKit = renderWithAppKit(
      <ConnectError message={ErrorText.connectionRejected} onRetry={onRetry} />,
    )
    appKit.destroy()
    expect(screen.getByRole('alert').textContent).toBe(ErrorText.connectionRejected)
    const retry = screen.getByRole('button', { name: en.tryAgain })
    expect(onRetry).not.toHaveBeenCalled()
    fireEvent.click(retry)
    fireEvent.click(retry)
    expect(onRetry).toHaveBeenCalledTimes(2)
  })

  it('says Try again in the app’s own words', () => {
    const appKit = renderWithAppKit(
      <ConnectError message={ErrorText.failedToConnect} onRetry={() => {}} />,
      [localChainA],
      { messages: { tryAgain: 'Réessayer' } },
    )
    appKit.destroy()
    expect(screen.getByRole('alert').textContent).toBe(ErrorText.failedToConnect)
    expect(screen.getByRole('button', { name: 'Réessayer' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: en.tryAgain })).toBeNull()
  })
})
