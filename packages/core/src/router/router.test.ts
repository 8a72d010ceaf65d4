import { describe, expect, it, vi } from 'vitest'
import {
  currentRoute,
  goBack,
  initialRouterState,
  popTransaction,
  push,
  pushTransaction,
  type Route,
  type RouterState,
  replace,
  reset,
  type TransactionAction,
  toRoute,
} from './router.ts'

function stateWith(views: Route[], extra: Partial<RouterState> = {}): RouterState {
  return { history: views, transactionStack: [], ...extra }
}

function views(state: RouterState): string[] {
  return state.history.map((route) => route.view)
}

/** Freezes every object and array reachable from the value (functions are left alone). */
function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value)
    for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key])
  }
  return value
}

describe('toRoute', () => {
  it('turns a view name into a route without params', () => {
    expect(toRoute('Account')).toEqual({ view: 'Account', params: undefined })
  })

  it('keeps a full route as it is', () => {
    const route: Route = { view: 'ConnectingExternal', params: { connectorId: 'injected' } }
    expect(toRoute(route)).toBe(route)
  })
})

describe('initialRouterState', () => {
  it('starts at Connect with history [Connect] and an empty transaction stack', () => {
    const state = initialRouterState()
    expect(state.history).toEqual([{ view: 'Connect', params: undefined }])
    expect(currentRoute(state).view).toBe('Connect')
    expect(state.transactionStack).toEqual([])
    expect(state.wallet).toBeUndefined()
    expect(state.redirectView).toBeUndefined()
  })

  it('gives a fresh state each time', () => {
    expect(initialRouterState()).not.toBe(initialRouterState())
    expect(initialRouterState().history).not.toBe(initialRouterState().history)
  })
})

describe('push', () => {
  it('appends a new view', () => {
    const state = push(initialRouterState(), 'AllWallets')
    expect(views(state)).toEqual(['Connect', 'AllWallets'])
    expect(currentRoute(state)).toEqual({ view: 'AllWallets', params: undefined })
  })

  it('keeps typed params', () => {
    const state = push(initialRouterState(), {
      view: 'SwitchNetwork',
      params: { caipNetworkId: 'eip155:31338' },
    })
    expect(currentRoute(state)).toEqual({
      view: 'SwitchNetwork',
      params: { caipNetworkId: 'eip155:31338' },
    })
  })

  it('ignores a view equal to the current one', () => {
    const start = push(initialRouterState(), 'AllWallets')
    const next = push(start, 'AllWallets')
    expect(views(next)).toEqual(['Connect', 'AllWallets'])
  })

  it('ignores the current view even when its params differ', () => {
    const start = push(initialRouterState(), {
      view: 'ConnectingExternal',
      params: { connectorId: 'a' },
    })
    const next = push(start, { view: 'ConnectingExternal', params: { connectorId: 'b' } })
    expect(next.history).toHaveLength(2)
    expect(currentRoute(next)).toEqual({
      view: 'ConnectingExternal',
      params: { connectorId: 'a' },
    })
  })

  it('ignores Connect on the initial state', () => {
    expect(views(push(initialRouterState(), 'Connect'))).toEqual(['Connect'])
  })

  it('appends a view that is in the history but not current', () => {
    const state = push(push(initialRouterState(), 'AllWallets'), 'Connect')
    expect(views(state)).toEqual(['Connect', 'AllWallets', 'Connect'])
  })
})

describe('replace', () => {
  it('replaces the last history entry', () => {
    const state = replace(push(initialRouterState(), 'AllWallets'), 'EmailLogin')
    expect(views(state)).toEqual(['Connect', 'EmailLogin'])
  })

  it('replaces the only entry', () => {
    expect(views(replace(initialRouterState(), 'Account'))).toEqual(['Account'])
  })

  it('keeps typed params', () => {
    const state = replace(initialRouterState(), {
      view: 'SwitchActiveChain',
      params: { caipNetworkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' },
    })
    expect(state.history).toEqual([
      {
        view: 'SwitchActiveChain',
        params: { caipNetworkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' },
      },
    ])
  })

  it('ignores a view equal to the last history entry', () => {
    const start = push(initialRouterState(), 'AllWallets')
    const next = replace(start, 'AllWallets')
    expect(views(next)).toEqual(['Connect', 'AllWallets'])
    expect(next).toBe(start)
  })

  it('ignores it with other params too: the entry keeps its own', () => {
    const solana = { caipNetworkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' } as const
    const start = push(initialRouterState(), { view: 'SwitchActiveChain', params: solana })
    const next = replace(start, {
      view: 'SwitchActiveChain',
      params: { caipNetworkId: 'eip155:31337' },
    })
    expect(next).toBe(start)
    expect(next.history.at(-1)).toEqual({ view: 'SwitchActiveChain', params: solana })
  })
})

describe('reset', () => {
  it('gives a one-entry history', () => {
    const start = push(push(initialRouterState(), 'AllWallets'), 'EmailLogin')
    const state = reset(start, 'Account')
    expect(state.history).toEqual([{ view: 'Account', params: undefined }])
  })

  it('gives a one-entry history even with the current view', () => {
    const start = push(initialRouterState(), 'AllWallets')
    expect(views(reset(start, 'AllWallets'))).toEqual(['AllWallets'])
  })

  it('keeps typed params', () => {
    const state = reset(initialRouterState(), {
      view: 'ConnectingExternal',
      params: { connectorId: 'io.metamask' },
    })
    expect(state.history).toEqual([
      { view: 'ConnectingExternal', params: { connectorId: 'io.metamask' } },
    ])
  })
})

describe('goBack', () => {
  it('pops the history', () => {
    const start = push(push(initialRouterState(), 'AllWallets'), 'EmailLogin')
    const { state, closeModal } = goBack(start, false)
    expect(views(state)).toEqual(['Connect', 'AllWallets'])
    expect(closeModal).toBe(false)
  })

  it('shows Account instead of Connect when an address is connected', () => {
    const start = push(initialRouterState(), 'Networks')
    const { state, closeModal } = goBack(start, true)
    expect(state.history).toEqual([{ view: 'Account', params: undefined }])
    expect(closeModal).toBe(false)
  })

  it('shows Connect when going back onto Connect while disconnected', () => {
    const start = push(initialRouterState(), 'Networks')
    const { state } = goBack(start, false)
    expect(state.history).toEqual([{ view: 'Connect', params: undefined }])
  })

  it('leaves a previous view other than Connect alone when connected', () => {
    const start = push(push(initialRouterState(), 'AllWallets'), 'EmailLogin')
    expect(views(goBack(start, true).state)).toEqual(['Connect', 'AllWallets'])
  })

  it('signals closeModal with one entry left', () => {
    const { state, closeModal } = goBack(initialRouterState(), false)
    expect(closeModal).toBe(true)
    expect(views(state)).toEqual(['Connect'])
  })

  it('signals closeModal with one entry left while connected', () => {
    const { closeModal } = goBack(stateWith([toRoute('Account')]), true)
    expect(closeModal).toBe(true)
  })

  it('clears wallet and redirectView', () => {
    const start = stateWith([toRoute('Connect'), toRoute('AllWallets')], {
      wallet: { id: 'w', name: 'Wallet' },
      redirectView: 'Account',
    })
    const { state } = goBack(start, false)
    expect(state.wallet).toBeUndefined()
    expect(state.redirectView).toBeUndefined()
    expect('wallet' in state).toBe(false)
    expect('redirectView' in state).toBe(false)
  })

  it('clears wallet and redirectView also when it signals closeModal', () => {
    const start = stateWith([toRoute('AllWallets')], {
      wallet: { id: 'w', name: 'Wallet' },
      redirectView: 'Account',
    })
    const { state, closeModal } = goBack(start, false)
    expect(closeModal).toBe(true)
    expect(state.wallet).toBeUndefined()
    expect(state.redirectView).toBeUndefined()
  })

  it('keeps the transaction stack', () => {
    const action: TransactionAction = { onCancel: vi.fn() }
    const start = pushTransaction(push(initialRouterState(), 'AllWallets'), action)
    expect(goBack(start, false).state.transactionStack).toEqual([action])
  })
})

describe('pushTransaction / popTransaction', () => {
  function withAction() {
    const action = { onSuccess: vi.fn(), onError: vi.fn(), onCancel: vi.fn() }
    const state = pushTransaction(push(initialRouterState(), 'RegisterAccountName'), action)
    return { action, state }
  }

  it('pushTransaction appends to the stack', () => {
    const first: TransactionAction = {}
    const second: TransactionAction = {}
    const state = pushTransaction(pushTransaction(initialRouterState(), first), second)
    expect(state.transactionStack).toHaveLength(2)
    expect(state.transactionStack[0]).toBe(first)
    expect(state.transactionStack[1]).toBe(second)
  })

  it('success gives onSuccess and does not go back', () => {
    const { action, state } = withAction()
    const result = popTransaction(state, 'success')
    expect(result.callback).toBe(action.onSuccess)
    expect(result.goBack).toBe(false)
    expect(result.state.transactionStack).toEqual([])
    expect(views(result.state)).toEqual(['Connect', 'RegisterAccountName'])
  })

  it('error gives onError and signals goBack', () => {
    const { action, state } = withAction()
    const result = popTransaction(state, 'error')
    expect(result.callback).toBe(action.onError)
    expect(result.goBack).toBe(true)
    expect(result.state.transactionStack).toEqual([])
  })

  it('cancel gives onCancel and signals goBack', () => {
    const { action, state } = withAction()
    const result = popTransaction(state, 'cancel')
    expect(result.callback).toBe(action.onCancel)
    expect(result.goBack).toBe(true)
    expect(result.state.transactionStack).toEqual([])
  })

  it('does not run any callback itself', () => {
    const { action, state } = withAction()
    popTransaction(state, 'success')
    popTransaction(state, 'error')
    popTransaction(state, 'cancel')
    expect(action.onSuccess).not.toHaveBeenCalled()
    expect(action.onError).not.toHaveBeenCalled()
    expect(action.onCancel).not.toHaveBeenCalled()
  })

  it('pops only the last entry', () => {
    const first = { onCancel: vi.fn() }
    const second = { onCancel: vi.fn() }
    const state = pushTransaction(pushTransaction(initialRouterState(), first), second)
    const result = popTransaction(state, 'cancel')
    expect(result.callback).toBe(second.onCancel)
    expect(result.state.transactionStack).toEqual([first])
  })

  it('still goes back on error or cancel when the entry has no callback', () => {
    const state = pushTransaction(initialRouterState(), {})
    for (const outcome of ['error', 'cancel'] as const) {
      const result = popTransaction(state, outcome)
      expect(result.callback).toBeUndefined()
      expect(result.goBack).toBe(true)
    }
  })

  it('popping an empty stack is a no-op', () => {
    const state = push(initialRouterState(), 'Account')
    for (const outcome of ['success', 'error', 'cancel'] as const) {
      const result = popTransaction(state, outcome)
      expect(result.state).toBe(state)
      expect(result.goBack).toBe(false)
      expect(result.callback).toBeUndefined()
    }
  })
})

describe('transitions never mutate their input', () => {
  const callbacks: TransactionAction = { onSuccess() {}, onError() {}, onCancel() {} }

  function makeState(): RouterState {
    return {
      history: [
        { view: 'Connect', params: undefined },
        { view: 'ConnectingExternal', params: { connectorId: 'io.metamask' } },
      ],
      transactionStack: [callbacks],
      wallet: { id: 'io.metamask', name: 'MetaMask', rdns: 'io.metamask' },
      redirectView: 'Account',
    }
  }

  const transitions: [string, (state: RouterState) => unknown][] = [
    ['push', (s) => push(s, 'AllWallets')],
    [
      'push with params',
      (s) => push(s, { view: 'SwitchNetwork', params: { caipNetworkId: 'eip155:1' } }),
    ],
    [
      'push of the current view',
      (s) => push(s, { view: 'ConnectingExternal', params: { connectorId: 'x' } }),
    ],
    ['replace', (s) => replace(s, 'EmailLogin')],
    [
      'replace of the last view',
      (s) => replace(s, { view: 'ConnectingExternal', params: { connectorId: 'x' } }),
    ],
    ['reset', (s) => reset(s, 'Account')],
    ['goBack while connected', (s) => goBack(s, true)],
    ['goBack while disconnected', (s) => goBack(s, false)],
    [
      'goBack from one entry',
      (s) => goBack({ ...s, history: Object.freeze([s.history[0] as Route]) }, true),
    ],
    ['pushTransaction', (s) => pushTransaction(s, {})],
    ['popTransaction success', (s) => popTransaction(s, 'success')],
    ['popTransaction error', (s) => popTransaction(s, 'error')],
    ['popTransaction cancel', (s) => popTransaction(s, 'cancel')],
    [
      'popTransaction of an empty stack',
      (s) => popTransaction({ ...s, transactionStack: Object.freeze([]) }, 'cancel'),
    ],
  ]

  for (const [name, transition] of transitions) {
    it(name, () => {
      const input = deepFreeze(makeState())
      expect(Object.isFrozen(input.history)).toBe(true)
      expect(Object.isFrozen(input.history[1]?.params)).toBe(true)
      expect(() => transition(input)).not.toThrow()
      expect(input).toEqual(makeState())
    })
  }

  it('a chain of transitions leaves every intermediate state unchanged', () => {
    const first = deepFreeze(makeState())
    const second = deepFreeze(push(first, 'AllWallets'))
    const third = deepFreeze(goBack(second, true).state)
    const fourth = deepFreeze(goBack(third, true).state)
    expect(views(first)).toEqual(['Connect', 'ConnectingExternal'])
    expect(views(second)).toEqual(['Connect', 'ConnectingExternal', 'AllWallets'])
    expect(views(third)).toEqual(['Connect', 'ConnectingExternal'])
    expect(views(fourth)).toEqual(['Account'])
    expect(first).toEqual(makeState())
  })
})
