import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { Dialog, FocusView } from './Dialog.tsx'

afterEach(cleanup)

function renderDialog(props: Partial<Parameters<typeof Dialog>[0]> = {}) {
  const onClose = vi.fn()
  const onBlockedClose = vi.fn()
  const result = render(
    <Dialog
      labelledBy="t"
      onClose={onClose}
      onBlockedClose={onBlockedClose}
      closable
      shake={false}
      {...props}
    >
      <h2 id="t">Connect Wallet</h2>
      <div data-view="Connect">
        <button type="button">First</button>
        <button type="button">Last</button>
      </div>
      <FocusView />
    </Dialog>,
  )
  return { ...result, onClose, onBlockedClose }
}

describe('Dialog', () => {
  it('is a labelled modal dialog', () => {
    renderDialog()
    const dialog = screen.getByRole('dialog', { name: 'Connect Wallet' })
    expect(dialog.getAttribute('aria-modal')).toBe('true')
  })

  it('marks the overlay full-screen only when asked (enableMobileFullScreen)', () => {
    renderDialog({ fullScreen: true })
    const overlay = screen.getByRole('dialog').parentElement
    expect(overlay?.hasAttribute('data-fullscreen')).toBe(true)
    cleanup()
    renderDialog()
    expect(screen.getByRole('dialog').parentElement?.hasAttribute('data-fullscreen')).toBe(false)
  })

  it('moves focus to the view on mount and returns it to the opener on unmount', () => {
    const opener = document.createElement('button')
    document.body.appendChild(opener)
    opener.focus()
    try {
      const { unmount } = renderDialog()
      expect(document.activeElement?.textContent).toBe('First')
      unmount()
      expect(document.activeElement).toBe(opener)
    } finally {
      opener.remove()
    }
  })

  it('wraps Tab and Shift+Tab inside the dialog', () => {
    renderDialog()
    const dialog = screen.getByRole('dialog')
    const [first, last] = screen.getAllByRole('button')
    last?.focus()
    fireEvent.keyDown(dialog, { key: 'Tab' })
    expect(document.activeElement).toBe(first)
    fireEvent.keyDown(dialog, { key: 'Tab', shiftKey: true })
    expect(document.activeElement).toBe(last)
  })

  it('closes on Esc, or shakes instead when closing is not allowed', () => {
    const open = renderDialog()
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' })
    expect(open.onClose).toHaveBeenCalledTimes(1)
    cleanup()
    const locked = renderDialog({ closable: false })
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' })
    expect(locked.onClose).not.toHaveBeenCalled()
    expect(locked.onBlockedClose).toHaveBeenCalledTimes(1)
  })
})
