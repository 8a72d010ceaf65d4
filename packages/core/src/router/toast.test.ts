import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createToastController, type ToastTimers } from './toast.ts'

beforeEach(() => {
  vi.useFakeTimers()
})

afterEach(() => {
  vi.useRealTimers()
})

describe('createToastController', () => {
  it('starts closed', () => {
    const toast = createToastController()
    expect(toast.store.getState()).toEqual({
      message: '',
      variant: 'success',
      open: false,
      autoClose: false,
    })
  })

  it('shows a message at once when none is open', () => {
    const toast = createToastController()
    toast.showSuccess('Address copied', { svg: 'copy' })
    expect(toast.store.getState()).toEqual({
      message: 'Address copied',
      variant: 'success',
      svg: 'copy',
      open: true,
      autoClose: true,
    })
  })

  it('auto-closes success and error after 2200 ms (our own choice)', () => {
    const toast = createToastController()
    toast.showError('Failed to fetch transactions')
    expect(toast.store.getState()).toMatchObject({ variant: 'error', autoClose: true })
    vi.advanceTimersByTime(2199)
    expect(toast.store.getState().open).toBe(true)
    vi.advanceTimersByTime(1)
    expect(toast.store.getState()).toMatchObject({
      open: false,
      message: 'Failed to fetch transactions',
    })
  })

  it('keeps a loading toast open unless asked to auto-close', () => {
    const toast = createToastController()
    toast.showLoading('Signing')
    expect(toast.store.getState()).toMatchObject({ variant: 'loading', autoClose: false })
    vi.advanceTimersByTime(60_000)
    expect(toast.store.getState().open).toBe(true)

    toast.hide()
    toast.showLoading('Signing', { autoClose: true })
    vi.advanceTimersByTime(2200)
    expect(toast.store.getState().open).toBe(false)
  })

  it('respects autoClose: false for success', () => {
    const toast = createToastController()
    toast.showSuccess('Done', { autoClose: false })
    vi.advanceTimersByTime(60_000)
    expect(toast.store.getState().open).toBe(true)
  })

  it('§4: closes the open toast, then shows the new one after exactly 150 ms', () => {
    const toast = createToastController()
    toast.showLoading('Signing')
    toast.showSuccess('Signed')

    expect(toast.store.getState()).toMatchObject({
      open: false,
      message: 'Signing',
      variant: 'loading',
    })
    vi.advanceTimersByTime(149)
    expect(toast.store.getState()).toMatchObject({ open: false, message: 'Signing' })
    vi.advanceTimersByTime(1)
    expect(toast.store.getState()).toEqual({
      message: 'Signed',
      variant: 'success',
      open: true,
      autoClose: true,
    })
  })

  it('shows only the latest of several messages sent during the delay', () => {
    const toast = createToastController()
    toast.showSuccess('first')
    toast.showSuccess('second')
    vi.advanceTimersByTime(100)
    toast.showError('third', { svg: 'warn' })
    expect(toast.store.getState()).toMatchObject({ open: false, message: 'first' })

    vi.advanceTimersByTime(49)
    expect(toast.store.getState().open).toBe(false)
    vi.advanceTimersByTime(1)
    expect(toast.store.getState()).toEqual({
      message: 'third',
      variant: 'error',
      svg: 'warn',
      open: true,
      autoClose: true,
    })
    vi.advanceTimersByTime(1000)
    expect(toast.store.getState().message).toBe('third')
  })

  it('starts the auto-close countdown when the new message shows', () => {
    const toast = createToastController()
    toast.showSuccess('first')
    vi.advanceTimersByTime(2000)
    toast.showSuccess('second')
    vi.advanceTimersByTime(150)
    expect(toast.store.getState()).toMatchObject({ open: true, message: 'second' })
    vi.advanceTimersByTime(2199)
    expect(toast.store.getState().open).toBe(true)
    vi.advanceTimersByTime(1)
    expect(toast.store.getState().open).toBe(false)
  })

  it('shows at once again after a toast has closed', () => {
    const toast = createToastController()
    toast.showSuccess('first')
    vi.advanceTimersByTime(2200)
    toast.showSuccess('second')
    expect(toast.store.getState()).toMatchObject({ open: true, message: 'second' })
  })

  it('hide closes the toast and drops a pending one', () => {
    const toast = createToastController()
    toast.showSuccess('first')
    toast.showSuccess('second')
    toast.hide()
    vi.advanceTimersByTime(10_000)
    expect(toast.store.getState()).toMatchObject({ open: false, message: 'first' })
  })

  it('notifies subscribers', () => {
    const toast = createToastController()
    const listener = vi.fn()
    toast.store.subscribe(listener)
    toast.showSuccess('hello')
    expect(listener).toHaveBeenCalledWith(
      expect.objectContaining({ open: true, message: 'hello' }),
      expect.objectContaining({ open: false }),
    )
  })

  it('uses injected timers', () => {
    const scheduled: { callback: () => void; ms: number }[] = []
    const timers: ToastTimers = {
      setTimeout: (callback, ms) => scheduled.push({ callback, ms }),
      clearTimeout: vi.fn(),
    }
    const toast = createToastController(timers)
    toast.showError('a', { autoClose: false })
    toast.showError('b')
    expect(scheduled.map((s) => s.ms)).toEqual([150])
    scheduled[0]?.callback()
    expect(toast.store.getState()).toMatchObject({ open: true, message: 'b' })
    expect(scheduled.map((s) => s.ms)).toEqual([150, 2200])
  })

  it('accepts the global timer functions as they are', () => {
    const toast = createToastController({
      setTimeout: globalThis.setTimeout,
      clearTimeout: globalThis.clearTimeout,
    })
    toast.showSuccess('a')
    toast.showSuccess('b')
    vi.advanceTimersByTime(150)
    expect(toast.store.getState()).toMatchObject({ open: true, message: 'b' })
  })

  it('keeps two controllers independent', () => {
    const one = createToastController()
    const two = createToastController()
    one.showSuccess('one')
    expect(two.store.getState().open).toBe(false)
  })
})
