// Account names (§4, §5, §8) against the real name service on a real chain node, signed by a
// real key (viem's local account), through the real router.
import { type AnvilInstance, findFreePort, startAnvil, TEST_ACCOUNTS } from '@latchkey/devnet'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createStore } from 'zustand/vanilla'
import type { AccountState, ChainState } from '../appkitState.ts'
import { AUTH_CONNECTOR_ID } from '../constants.ts'
import { ErrorText } from '../errors.ts'
import type { AppKitEventName } from '../events.ts'
import { localChainA, localSolana } from '../networks.ts'
import { initialRouterState, type RouterState } from '../router/router.ts'
import { createRouterController } from '../router/routerController.ts'
import { NATIVE_TOKEN_KEY } from '../send/sendState.ts'
import { realClient, startRealServer } from '../testing/realServer.ts'
import { setupSend } from '../testing/sendSetup.ts'
import { coinTypeOf, createNamesController } from './names.ts'
import { initialNamesState } from './namesState.ts'

function testAccount(index: number) {
  const found = TEST_ACCOUNTS[index]
  if (!found) throw new Error(`no test account ${index}`)
  return found
}
const first = testAccount(0)
const second = testAccount(1)

/** The service's first normalisation loads ENSIP-15's tables; a loaded machine is slower still */
const WAIT = { timeout: 10_000 }

let anvil: AnvilInstance
let server: Awaited<ReturnType<typeof startRealServer>>

beforeAll(async () => {
  anvil = await startAnvil({ port: await findFreePort(), chainId: 31337 })
  server = await startRealServer({ chains: [{ chainId: 31337, rpcUrl: anvil.rpcUrl }] })
})
afterAll(async () => {
  await server?.close()
  await anvil?.stop()
})

interface Options {
  key?: `0x${string}`
  connectorId?: string
  sign?: (message: string) => Promise<string>
  network?: typeof localChainA
  projectId?: string
}

function setup(options: Options = {}) {
  const wallet = privateKeyToAccount(options.key ?? first.privateKey)
  const network = options.network ?? localChainA
  const account = createStore<AccountState>(() => ({
    status: 'connected',
    address: wallet.address,
    namespace: network.chainNamespace,
    connectorId: options.connectorId ?? AUTH_CONNECTOR_ID,
    balanceLoading: false,
  }))
  const chain = createStore<ChainState>(() => ({
    networks: [localChainA, localSolana],
    activeCaipNetwork: network,
    activeNamespace: network.chainNamespace,
    unsupported: false,
  }))
  const names = createStore(() => initialNamesState('example.invalid'))
  const routerStore = createStore<RouterState>(initialRouterState)
  const router = createRouterController(routerStore, { isConnected: () => true, close: () => {} })
  router.reset('Account')
  router.push('RegisterAccountName')
  const events: AppKitEventName[] = []
  const registered: [string, string][] = []
  const signed: { message: string; stack: number }[] = []
  const api = realClient(server.url, options.projectId)
  const controller = createNamesController({
    stores: { account, chain, names },
    api: async () => api,
    sign: async (message) => {
      signed.push({ message, stack: routerStore.getState().transactionStack.length })
      return options.sign ? options.sign(message) : wallet.signMessage({ message })
    },
    router,
    nameRegistered: (address, name) => registered.push([address, name]),
    track: (event: AppKitEventName, ..._properties: unknown[]) => events.push(event),
    log: () => {},
  })
  return { controller, names, router, routerStore, wallet, events, registered, signed }
}

describe('typing a name (§5 rule, suggestions)', () => {
  it('says what breaks the rule at once, and asks nothing of the service', async () => {
    const { controller, names } = setup()
    controller.setInput('ab')
    expect(names.getState()).toMatchObject({ input: 'ab', problem: 'short', status: 'idle' })
    controller.setInput('a_bc')
    expect(names.getState().problem).toBe('characters')
    controller.setInput('a'.repeat(64))
    expect(names.getState().problem).toBe('long')
    controller.setInput('')
    expect(names.getState()).toMatchObject({ problem: undefined, status: 'idle' })
  })

  it('a free name is available once the visitor pauses; the zone is the service’s', async () => {
    const { controller, names } = setup()
    controller.setInput('free-name')
    expect(names.getState().status).toBe('checking')
    await vi.waitFor(() => expect(names.getState().status).toBe('available'), WAIT)
    expect(names.getState().zone).toBe('latchkey.id')
  })

  it("only the last name typed is answered: an earlier one's answer is dropped", async () => {
    const { controller, names } = setup()
    controller.setInput('first-typed')
    controller.setInput('ab')
    await new Promise((resolve) => setTimeout(resolve, 600))
    expect(names.getState()).toMatchObject({ status: 'idle', problem: 'short' })
  })

  it("'Error fetching name suggestions' when the service refuses", async () => {
    const { controller, names } = setup({ projectId: 'unknownproject000000000000000000' })
    controller.setInput('whatever')
    await vi.waitFor(
      () => expect(names.getState().error).toBe(ErrorText.errorFetchingNameSuggestions),
      WAIT,
    )
    expect(names.getState().status).toBe('idle')
  })
})

describe('§4 name registration', () => {
  it('signs the message, registers, sets the profile name, lands on RegisterAccountNameSuccess', async () => {
    const { controller, names, router, routerStore, wallet, events, registered, signed } = setup()
    controller.setInput('Alice')
    await vi.waitFor(() => expect(names.getState().status).toBe('available'), WAIT)
    const before = Math.floor(Date.now() / 1000)
    expect(await controller.register()).toBe(true)
    // The transaction entry was on the stack while the wallet signed.
    expect(signed).toHaveLength(1)
    expect(signed[0]?.stack).toBe(1)
    const message = JSON.parse(signed[0]?.message ?? '') as Record<string, unknown>
    expect(message).toMatchObject({ name: 'alice.latchkey.id', attributes: {} })
    expect(message.timestamp).toBeGreaterThanOrEqual(before)
    expect(routerStore.getState().transactionStack).toEqual([])
    expect(router.current().view).toBe('RegisterAccountNameSuccess')
    expect(names.getState()).toMatchObject({
      status: 'idle',
      input: '',
      registered: 'alice.latchkey.id',
      owned: 'alice.latchkey.id',
    })
    expect(registered).toEqual([[wallet.address, 'alice.latchkey.id']])
    expect(events).toEqual(['REGISTER_NAME_INITIATED', 'REGISTER_NAME_SUCCESS'])
    // The service has it, under the chain's coin type
    const record = await realClient(server.url).names.lookup('alice')
    expect(record.addresses[String(coinTypeOf(31337))]?.address).toBe(wallet.address)
    // The account's name is cached (§9 5 min): found again without asking
    expect(await controller.namesOf(wallet.address)).toEqual([
      expect.objectContaining({ name: 'alice.latchkey.id' }),
    ])
  })

  it('a taken name: taken, with free suggestions; the account that holds one is told', async () => {
    const other = setup({ key: second.privateKey })
    other.controller.setInput('alice')
    await vi.waitFor(() => expect(other.names.getState().status).toBe('taken'), WAIT)
    expect(other.names.getState().suggestions).toEqual([
      'alice1.latchkey.id',
      'alice2.latchkey.id',
      'alice3.latchkey.id',
      'alice4.latchkey.id',
      'alice5.latchkey.id',
    ])
    const owner = setup()
    await owner.controller.load()
    expect(owner.names.getState().owned).toBe('alice.latchkey.id')
  })

  it('the service refuses: its first reason shown, back on RegisterAccountName, stack empty', async () => {
    const { controller, names, router, routerStore, events } = setup()
    controller.setInput('second-name')
    await vi.waitFor(() => expect(names.getState().status).toBe('available'), WAIT)
    router.push('ApproveTransaction')
    expect(await controller.register()).toBe(false)
    expect(names.getState()).toMatchObject({
      status: 'available',
      error: 'This address already has the name alice.latchkey.id',
    })
    expect(router.current().view).toBe('RegisterAccountName')
    expect(routerStore.getState().history.map((r) => r.view)).toEqual([
      'Account',
      'RegisterAccountName',
    ])
    expect(routerStore.getState().transactionStack).toEqual([])
    expect(events).toEqual(['REGISTER_NAME_INITIATED', 'REGISTER_NAME_ERROR'])
  })

  it('the visitor refuses the signature on ApproveTransaction: the cancel returns to RegisterAccountName', async () => {
    const refusal = Object.assign(new Error('User rejected the request.'), { code: 4001 })
    const { controller, names, router, routerStore } = setup({
      key: second.privateKey,
      sign: async () => {
        router.push('ApproveTransaction')
        throw refusal
      },
    })
    controller.setInput('bobname')
    await vi.waitFor(() => expect(names.getState().status).toBe('available'), WAIT)
    expect(await controller.register()).toBe(false)
    expect(routerStore.getState().history.map((r) => r.view)).toEqual([
      'Account',
      'RegisterAccountName',
    ])
    expect(routerStore.getState().transactionStack).toEqual([])
    expect(names.getState()).toMatchObject({ status: 'available', error: ErrorText.userRejected })
  })

  it('a wallet that answers without the approval view: the view stays, the entry goes', async () => {
    const { controller, names, router, routerStore } = setup({
      key: second.privateKey,
      sign: async () => {
        throw new Error('the wallet is gone')
      },
    })
    controller.setInput('bobname')
    await vi.waitFor(() => expect(names.getState().status).toBe('available'), WAIT)
    expect(await controller.register()).toBe(false)
    expect(router.current().view).toBe('RegisterAccountName')
    expect(routerStore.getState().transactionStack).toEqual([])
    expect(names.getState().error).toBe('the wallet is gone')
  })

  it('needs an EVM network, an address and the embedded wallet (§5)', async () => {
    const external = setup({ connectorId: 'injected' })
    external.controller.setInput('someone')
    await vi.waitFor(() => expect(external.names.getState().status).toBe('available'), WAIT)
    expect(await external.controller.register()).toBe(false)
    expect(external.names.getState().error).toBe(ErrorText.addressOrAuthConnectorNotFound)
    const solana = setup({ network: localSolana as typeof localChainA })
    solana.names.setState({ input: 'someone', status: 'available' })
    expect(await solana.controller.register()).toBe(false)
    expect(solana.names.getState().error).toBe(ErrorText.networkNotFound)
    const tooBig = setup({ network: { ...localChainA, id: 2 ** 31 } })
    tooBig.names.setState({ input: 'someone', status: 'available' })
    expect(await tooBig.controller.register()).toBe(false)
    expect(tooBig.names.getState().error).toBe(ErrorText.invalidChainId)
    expect(external.events).toEqual([])
  })

  it('§9 coin type: chain id OR 0x80000000, below 2^31', () => {
    expect(coinTypeOf(31337)).toBe(0x80007a69)
    expect(coinTypeOf(2 ** 31 - 1)).toBe(0xffffffff)
    expect(() => coinTypeOf(2 ** 31)).toThrow(ErrorText.invalidChainId)
    expect(() => coinTypeOf(-1)).toThrow(ErrorText.invalidChainId)
  })
})

describe('names as receivers (Send)', () => {
  it('resolves a name to its address; an unknown one is "Error resolving name"', async () => {
    const { controller } = setup()
    expect(await controller.resolve('alice.latchkey.id')).toBe(first.address)
    await expect(controller.resolve('nobody.latchkey.id')).rejects.toThrow(
      ErrorText.errorResolvingName,
    )
  })

  it('Send takes the name, shows the address it resolved to, and sends there', async () => {
    const names = setup()
    const { controller, send, fill, transfers } = setupSend({
      resolveName: (name) => names.controller.resolve(name),
    })
    fill(NATIVE_TOKEN_KEY, '0.01', 'alice.latchkey.id')
    expect(await controller.validate()).toBe(true)
    expect(send.getState().resolved).toEqual({
      name: 'alice.latchkey.id',
      address: first.address,
    })
    expect(await controller.send()).toBe(true)
    expect(transfers.at(-1)?.to).toBe(first.address)
    fill(NATIVE_TOKEN_KEY, '0.01', 'nobody.latchkey.id')
    expect(await controller.validate()).toBe(false)
    expect(send.getState().error).toBe(ErrorText.errorResolvingName)
  })

  it("'Error fetching names for address' when the reverse lookup fails", async () => {
    const { controller } = setup({ projectId: 'unknownproject000000000000000000' })
    await expect(controller.namesOf(first.address)).rejects.toThrow(
      ErrorText.errorFetchingNamesForAddress,
    )
  })
})
