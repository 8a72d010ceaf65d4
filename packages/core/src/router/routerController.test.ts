import { describe, expect, it, vi } from 'vitest'
import { createStore } from 'zustand/vanilla'
import { initialRouterState, type RouterState } from './router.ts'
import { createRouterController } from './routerController.ts'

function setup({ connected = false } = {}) {
  const store = createStore<RouterState>(initialRouterState)
  let isConnected = connected
  const close = vi.fn()
  const controller = createRouterController(store, { isConnected: () => isConnected, close })
  return {
    store,
    close,
    controller,
    setConnected: (value: boolean) => {
      isConnected = value
    },
    views: () => store.getState().history.map((route) => route.view),
  }
}

describe('createRouterController', () => {
  it('tells which view the visitor went back from, once the new view is current', () => {
    const store = createStore<RouterState>(initialRouterState)
    const left: [string, string][] = []
    const controller = createRouterController(store, {
      isConnected: () => false,
      close: vi.fn(),
      wentBack: (view) => void left.push([view, controller.current().view]),
    })
    controller.push('ConnectingFarcaster')
    controller.goBack()
    expect(left).toEqual([['ConnectingFarcaster', 'Connect']])
  })

  it('tells the view a push went to, by its name, whether given a name or a route', () => {
    const store = createStore<RouterState>(initialRouterState)
    const pushed: string[] = []
    const controller = createRouterController(store, {
      isConnected: () => false,
      close: vi.fn(),
      pushed: (view) => void pushed.push(view),
    })
    controller.push('AllWallets')
    controller.push({ view: 'ConnectingExternal', params: { connectorId: 'injected' } })
    controller.replace('Networks')
    expect(pushed).toEqual(['AllWallets', 'ConnectingExternal'])
  })

  it('starts at Connect', () => {
    const { controller, views } = setup()
    expect(controller.current()).toEqual({ view: 'Connect', params: undefined })
    expect(views()).toEqual(['Connect'])
  })

  it('push, replace and reset apply the router rules to the store', () => {
    const { controller, views } = setup()
    controller.push('AllWallets')
    controller.push('AllWallets')
    expect(views()).toEqual(['Connect', 'AllWallets'])
    controller.replace('EmailLogin')
    controller.replace('EmailLogin')
    expect(views()).toEqual(['Connect', 'EmailLogin'])
    controller.push({ view: 'ConnectingExternal', params: { connectorId: 'injected' } })
    expect(controller.current()).toEqual({
      view: 'ConnectingExternal',
      params: { connectorId: 'injected' },
    })
    controller.reset('Account')
    expect(views()).toEqual(['Account'])
  })

  it('notifies store subscribers on a transition', () => {
    const { store, controller } = setup()
    const listener = vi.fn()
    store.subscribe(listener)
    controller.push('AllWallets')
    expect(listener).toHaveBeenCalledTimes(1)
  })

  it('goBack pops without closing while history is left', () => {
    const { controller, close, views } = setup()
    controller.push('AllWallets')
    controller.goBack()
    expect(views()).toEqual(['Connect'])
    expect(close).not.toHaveBeenCalled()
  })

  it('goBack onto Connect shows Account while connected', () => {
    const { controller, close, views } = setup({ connected: true })
    controller.push('Networks')
    controller.goBack()
    expect(views()).toEqual(['Account'])
    expect(close).not.toHaveBeenCalled()
  })

  it('goBack asks isConnected at the time it runs', () => {
    const { controller, setConnected, views } = setup()
    controller.push('Networks')
    setConnected(true)
    controller.goBack()
    expect(views()).toEqual(['Account'])
  })

  it('goBack on a single-entry history calls close', () => {
    const { controller, close, views } = setup()
    controller.goBack()
    expect(close).toHaveBeenCalledTimes(1)
    expect(views()).toEqual(['Connect'])
  })

  it('goBack clears the stored wallet and redirect view', () => {
    const { controller, store } = setup()
    controller.setWallet({ id: 'io.metamask', name: 'MetaMask' })
    store.setState({ redirectView: 'Account' })
    controller.push({ view: 'ConnectingExternal', params: { connectorId: 'io.metamask' } })
    expect(store.getState().wallet).toEqual({ id: 'io.metamask', name: 'MetaMask' })
    controller.goBack()
    expect(store.getState().wallet).toBeUndefined()
    expect(store.getState().redirectView).toBeUndefined()
  })

  it("popTransaction('error') calls onError before going back", () => {
    const { controller, store, close } = setup()
    const calls: string[] = []
    controller.push('RegisterAccountName')
    store.subscribe((state) => calls.push(`history:${state.history.length}`))
    const onError = vi.fn(() => calls.push('onError'))
    controller.pushTransaction({ onError, onSuccess: vi.fn(), onCancel: vi.fn() })
    calls.length = 0
    controller.popTransaction('error')
    expect(onError).toHaveBeenCalledTimes(1)
    expect(calls.indexOf('onError')).toBeGreaterThanOrEqual(0)
    expect(calls.indexOf('onError')).toBeLessThan(calls.indexOf('history:1'))
    expect(calls.at(-1)).toBe('history:1')
    expect(store.getState().history.map((r) => r.view)).toEqual(['Connect'])
    expect(store.getState().transactionStack).toEqual([])
    expect(close).not.toHaveBeenCalled()
  })

  it('onError sees the view it was raised on', () => {
    const { controller } = setup()
    controller.push('RegisterAccountName')
    let seen: string | undefined
    controller.pushTransaction({
      onError: () => {
        seen = controller.current().view
      },
    })
    controller.popTransaction('error')
    expect(seen).toBe('RegisterAccountName')
    expect(controller.current().view).toBe('Connect')
  })

  it("popTransaction('cancel') calls onCancel before going back", () => {
    const { controller } = setup()
    controller.push('RegisterAccountName')
    const order: string[] = []
    controller.pushTransaction({
      onCancel: () => order.push(`onCancel@${controller.current().view}`),
      onError: () => order.push('onError'),
      onSuccess: () => order.push('onSuccess'),
    })
    controller.popTransaction('cancel')
    order.push(`after@${controller.current().view}`)
    expect(order).toEqual(['onCancel@RegisterAccountName', 'after@Connect'])
  })

  it('a cancel callback that navigates runs before goBack pops its view', () => {
    const { controller, views } = setup()
    controller.push('RegisterAccountName')
    controller.pushTransaction({ onCancel: () => controller.push('ApproveTransaction') })
    controller.popTransaction('cancel')
    expect(views()).toEqual(['Connect', 'RegisterAccountName'])
  })

  it("popTransaction('success') calls onSuccess and keeps the view", () => {
    const { controller, views, close } = setup()
    controller.push('RegisterAccountName')
    const onSuccess = vi.fn()
    const onError = vi.fn()
    const onCancel = vi.fn()
    controller.pushTransaction({ onSuccess, onError, onCancel })
    controller.popTransaction('success')
    expect(onSuccess).toHaveBeenCalledTimes(1)
    expect(onError).not.toHaveBeenCalled()
    expect(onCancel).not.toHaveBeenCalled()
    expect(views()).toEqual(['Connect', 'RegisterAccountName'])
    expect(close).not.toHaveBeenCalled()
  })

  it('popTransaction on a single-entry history goes back by closing', () => {
    const { controller, close } = setup()
    const onError = vi.fn()
    controller.pushTransaction({ onError })
    controller.popTransaction('error')
    expect(onError).toHaveBeenCalledBefore(close)
    expect(close).toHaveBeenCalledTimes(1)
  })

  it('popping an empty stack changes nothing', () => {
    const { controller, store, close } = setup()
    controller.push('Account')
    const before = store.getState()
    controller.popTransaction('cancel')
    expect(store.getState()).toBe(before)
    expect(close).not.toHaveBeenCalled()
  })
})
