import { act, cleanup, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest'
import { en } from '../../messages.ts'
import { scriptedFrame } from '../../testing/scriptedFrame.ts'
import { withScriptedWallet } from '../../testing/scriptedWallet.tsx'
import ApproveTransaction from './ApproveTransaction.tsx'

afterEach(cleanup)

/** Where the slot is on the page: jsdom lays nothing out, so the test says. */
function slotAt(
  rect: { top: number; left: number; width: number; height: number },
  slot = screen.getByTestId('approve-frame-slot'),
) {
  vi.spyOn(slot, 'getBoundingClientRect').mockReturnValue({
    ...rect,
    x: rect.left,
    y: rect.top,
    right: rect.left + rect.width,
    bottom: rect.top + rect.height,
    toJSON: () => rect,
  })
}

/** A request of the embedded wallet waits: the view is on screen, its frame loading. */
function approving() {
  const frame = scriptedFrame()
  const { appKit, show } = withScriptedWallet()
  onTestFinished(() => appKit.destroy())
  appKit.core.stores.embedded.setState({ approving: true })
  const view = show(<ApproveTransaction />)
  slotAt({ top: 120, left: 24, width: 360, height: 480 })
  return { appKit, frame, view }
}

function shownAt(iframe: HTMLIFrameElement | undefined) {
  if (!iframe) throw new Error('no frame yet')
  const { top, left, width, height, opacity, pointerEvents } = iframe.style
  return { top, left, width, height, opacity, pointerEvents }
}

const hidden = (iframe: HTMLIFrameElement | undefined) =>
  iframe?.style.opacity === '0' &&
  iframe.style.pointerEvents === 'none' &&
  iframe.hasAttribute('inert') &&
  iframe.getAttribute('aria-hidden') === 'true'

describe('ApproveTransaction', () => {
  it('lays the frame over its slot, out of hiding, and moves the focus into it', async () => {
    const { frame } = approving()
    expect(screen.getByText(en.approveInFrame)).toBeTruthy()
    await waitFor(() => expect(frame.iframe?.style.opacity).toBe('1'))
    expect(shownAt(frame.iframe)).toEqual({
      top: '120px',
      left: '24px',
      width: '360px',
      height: '480px',
      opacity: '1',
      pointerEvents: 'auto',
    })
    expect(frame.iframe?.hasAttribute('inert')).toBe(false)
    expect(frame.iframe?.hasAttribute('aria-hidden')).toBe(false)
    expect(document.activeElement).toBe(frame.iframe)
  })

  it('follows its slot wherever it moves: a resize, a scroll, content above it', async () => {
    const { frame } = approving()
    await waitFor(() => expect(frame.iframe?.style.opacity).toBe('1'))
    slotAt({ top: 40, left: 10, width: 300, height: 420 })
    await waitFor(() =>
      expect(shownAt(frame.iframe)).toMatchObject({ top: '40px', left: '10px', width: '300px' }),
    )
    // No event at all: the slot moved under the frame (the modal eased its height)
    slotAt({ top: 0, left: 10, width: 300, height: 420 })
    await waitFor(() =>
      expect(shownAt(frame.iframe)).toMatchObject({ top: '0px', height: '420px' }),
    )
  })

  it('leaving the view hides the frame (kept loaded) and stops following the window', async () => {
    const { frame, view } = approving()
    await waitFor(() => expect(frame.iframe?.style.opacity).toBe('1'))
    const slot = screen.getByTestId('approve-frame-slot')
    view.unmount()
    expect(hidden(frame.iframe)).toBe(true)
    expect(frame.iframe?.isConnected).toBe(true)
    slotAt({ top: 90, left: 10, width: 300, height: 420 }, slot)
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(hidden(frame.iframe)).toBe(true)
  })

  it('approved while the flow that asked still works (§4 names): the frame goes, "Finishing…" shows', async () => {
    const { appKit, frame } = approving()
    await waitFor(() => expect(frame.iframe?.style.opacity).toBe('1'))
    act(() => appKit.core.stores.embedded.setState({ approving: false }))
    expect(hidden(frame.iframe)).toBe(true)
    expect(screen.getByTestId('approve-finishing').textContent).toBe(en.finishing)
    expect(screen.queryByTestId('approve-frame-slot')).toBeNull()
  })

  it('left before the frame is ready, the frame is never shown', async () => {
    const { appKit, frame, view } = approving()
    view.unmount()
    // The view asked first: by the time this resolves its own answer has been handled.
    await act(() => appKit.core.embedded.frame())
    expect(frame.iframe).toBeDefined()
    expect(hidden(frame.iframe)).toBe(true)
    expect(document.activeElement).not.toBe(frame.iframe)
  })
})
