// Test support only: a directory controller over the real server, recording what it asks.
import { createStore } from 'zustand/vanilla'
import type { ApiClient } from '../api/api.ts'
import type { ConnectorInfo } from '../connection/adapter.ts'
import { createDirectoryController } from '../directory/directory.ts'
import type { DirectoryOptions } from '../directory/directoryOptions.ts'
import { type DirectoryState, initialDirectoryState } from '../directory/directoryState.ts'
import type { SetupAlertCode } from '../errors.ts'
import { manualClock, realClient } from './realServer.ts'

export type WalletsRequest = Parameters<ApiClient['getWallets']>[0]

/** A client of a port nothing listens on: every request fails as when the service is down. */
export const refusedClient = () => realClient('http://127.0.0.1:1')

export const announced = (id: string, rdns: string): ConnectorInfo => ({
  id,
  name: id,
  type: 'ANNOUNCED',
  chain: 'eip155',
  rdns,
})

export function directoryHarness(
  serverUrl: string,
  options: Partial<DirectoryOptions> & { api?: ApiClient } = {},
) {
  const api = options.api ?? realClient(serverUrl)
  const requests: WalletsRequest[] = []
  /** Each request's answer (or failure), in the order asked */
  const answers: Promise<unknown>[] = []
  const getWallets = api.getWallets.bind(api)
  api.getWallets = (params) => {
    requests.push(params)
    const answer = getWallets(params)
    answers.push(answer.catch(() => undefined))
    return answer
  }
  const clock = manualClock()
  const store = createStore<DirectoryState>(initialDirectoryState)
  const connectors = createStore<{ list: ConnectorInfo[] }>(() => ({ list: [] }))
  const raised: SetupAlertCode[] = []
  const directory = createDirectoryController({
    store,
    connectors,
    timers: clock,
    raise: (code) => raised.push(code),
    ...options,
    api,
  })
  return { store, connectors, clock, raised, requests, answers, directory }
}
