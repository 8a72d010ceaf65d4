import { describe, expectTypeOf, it } from 'vitest'
import type { CaipNetworkId } from '../caip.ts'
import { push, type Route, type RouteInput, type RouterState, reset } from './router.ts'

declare const state: RouterState

describe('typed router', () => {
  it('takes paramless views by name and others only with their own parameters', () => {
    expectTypeOf(push(state, 'Connect')).toEqualTypeOf<RouterState>()
    push(state, { view: 'ConnectingExternal', params: { connectorId: 'io.metamask' } })
    push(state, { view: 'SwitchNetwork', params: { caipNetworkId: 'eip155:1' } })
    // @ts-expect-error ConnectingExternal needs its connector id
    push(state, 'ConnectingExternal')
    // @ts-expect-error SwitchNetwork takes a CAIP-2 id, not a connector id
    reset(state, { view: 'SwitchNetwork', params: { connectorId: 'x' } })
    // @ts-expect-error not a view of the spec
    push(state, 'Settings')
  })

  it('narrows params by view', () => {
    const route = {} as Route
    if (route.view === 'SwitchNetwork') {
      expectTypeOf(route.params.caipNetworkId).toEqualTypeOf<CaipNetworkId>()
    }
    expectTypeOf<'Account'>().toMatchTypeOf<RouteInput>()
  })
})
