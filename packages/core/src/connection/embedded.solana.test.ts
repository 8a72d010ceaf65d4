// @vitest-environment jsdom
// A login's Solana account: the embedded Solana wallet registers in the page (Wallet Standard,
// hence jsdom) and connects through the Solana adapter as a second namespace.
import { afterEach, describe, expect, it } from 'vitest'
import { AUTH_CONNECTOR_ID, EMBEDDED_SOLANA_CONNECTOR_ID } from '../constants.ts'
import { unregisterEmbeddedSolanaWallet } from '../embedded/embeddedSolanaRegistration.ts'
import type { EmbeddedUserInfo } from '../embedded/embeddedState.ts'
import { localChainA, localSolana, solanaDevnet } from '../networks.ts'
import { EMBEDDED_ADDRESS, embeddedConnection } from '../testing/embeddedConnection.ts'

const SOL_ADDRESS = 'So11111111111111111111111111111111111111112'
const kits: { destroy(): void }[] = []
afterEach(() => {
  for (const kit of kits.splice(0)) kit.destroy()
  unregisterEmbeddedSolanaWallet()
})

const user: EmbeddedUserInfo = {
  email: 'a@example.com',
  address: EMBEDDED_ADDRESS,
  chainId: 31337,
  accounts: [
    { address: EMBEDDED_ADDRESS, type: 'EOA', namespace: 'eip155' },
    { address: SOL_ADDRESS, type: 'EOA', namespace: 'solana' },
  ],
  solanaAddress: SOL_ADDRESS,
  smartAccountDeployed: false,
  authProvider: 'email',
}

function withSolana() {
  const made = embeddedConnection({
    networks: [localChainA, localSolana, solanaDevnet],
    replies: { APP_SYNC_DAPP_DATA: () => ({}), APP_SYNC_THEME: () => ({}) },
    solana: { status: 'connected', address: SOL_ADDRESS, chainId: localSolana.id },
  })
  kits.push(made.kit)
  return made
}

describe("a login's Solana account", () => {
  it('connects as a second namespace; the EVM account stays shown when the visitor was on EVM', async () => {
    const { controller, kit, solanaEngine, storage } = withSolana()
    await controller.connectEmbedded(user)
    expect(solanaEngine?.connect).toHaveBeenCalledWith(EMBEDDED_SOLANA_CONNECTOR_ID, undefined)
    expect(kit.stores.account.getState()).toMatchObject({
      status: 'connected',
      namespace: 'eip155',
      connectorId: AUTH_CONNECTOR_ID,
    })
    expect(Object.keys(kit.stores.account.getState().connections ?? {}).sort()).toEqual([
      'eip155',
      'solana',
    ])
    expect(storage.getConnectedConnectorId('solana')).toBe(EMBEDDED_SOLANA_CONNECTOR_ID)
    expect(kit.stores.modal.getState().loading.solana).toBe(false)
  })

  it('the Solana account shows as loading while it connects; the login is tracked once', async () => {
    const { controller, kit, solanaEngine, events } = withSolana()
    const seen: (boolean | undefined)[] = []
    solanaEngine?.connect.mockImplementationOnce(async () => {
      seen.push(kit.stores.modal.getState().loading.solana)
      return { status: 'connected', address: SOL_ADDRESS, chainId: localSolana.id }
    })
    await controller.connectEmbedded(user)
    expect(seen).toEqual([true])
    expect(kit.stores.modal.getState().loading.solana).toBe(false)
    expect(events.filter(([event]) => event === 'CONNECT_SUCCESS')).toEqual([
      ['CONNECT_SUCCESS', { method: 'email', name: 'Email', address: EMBEDDED_ADDRESS }],
    ])
  })

  it("the login's Solana account leaves the modal as the visitor reopened it meanwhile", async () => {
    const { controller, kit, solanaEngine } = withSolana()
    kit.open()
    solanaEngine?.connect.mockImplementationOnce(async () => {
      // The EVM account connected and closed the modal; the visitor opens it on Networks.
      expect(kit.stores.modal.getState().open).toBe(false)
      kit.open({ view: 'Networks' })
      return { status: 'connected', address: SOL_ADDRESS, chainId: localSolana.id }
    })
    await controller.connectEmbedded(user)
    expect(kit.stores.modal.getState().open).toBe(true)
    expect(kit.router.current().view).toBe('Networks')
    expect(Object.keys(kit.stores.account.getState().connections ?? {}).sort()).toEqual([
      'eip155',
      'solana',
    ])
  })

  it('a visitor on Solana stays on Solana, on the network they were on', async () => {
    const { controller, kit, solanaEngine } = withSolana()
    kit.stores.chain.setState({ activeCaipNetwork: solanaDevnet, activeNamespace: 'solana' })
    await controller.connectEmbedded(user)
    expect(solanaEngine?.connect).toHaveBeenCalledWith(EMBEDDED_SOLANA_CONNECTOR_ID, solanaDevnet)
    expect(kit.stores.account.getState().namespace).toBe('solana')
  })

  it('a user without a Solana account connects EVM only', async () => {
    const { controller, kit, solanaEngine, logs } = withSolana()
    await controller.connectEmbedded({
      ...user,
      solanaAddress: undefined,
      accounts: user.accounts.slice(0, 1),
    })
    expect(solanaEngine?.connect).not.toHaveBeenCalled()
    expect(Object.keys(kit.stores.account.getState().connections ?? {})).toEqual(['eip155'])
    expect(logs).toEqual([])
  })

  it('with Solana shown, the EVM wallet is not asked for that network', async () => {
    const { controller, kit, engine } = withSolana()
    kit.stores.chain.setState({ activeCaipNetwork: solanaDevnet, activeNamespace: 'solana' })
    await controller.connectEmbedded(user)
    expect(engine.connect).toHaveBeenCalledWith(AUTH_CONNECTOR_ID, undefined)
  })

  it('an app without a Solana adapter: EVM only, nothing tried for Solana', async () => {
    const made = embeddedConnection({
      replies: { APP_SYNC_DAPP_DATA: () => ({}), APP_SYNC_THEME: () => ({}) },
    })
    kits.push(made.kit)
    await made.controller.connectEmbedded(user)
    expect(Object.keys(made.kit.stores.account.getState().connections ?? {})).toEqual(['eip155'])
    expect(made.kit.stores.modal.getState().loading.solana).toBeUndefined()
    expect(made.logs).toEqual([])
  })

  it('a Solana connect that fails leaves the EVM login standing (logged)', async () => {
    const { controller, kit, solanaEngine, logs } = withSolana()
    solanaEngine?.connect.mockRejectedValueOnce(new Error('wallet standard error'))
    await controller.connectEmbedded(user)
    expect(kit.stores.account.getState()).toMatchObject({
      status: 'connected',
      namespace: 'eip155',
    })
    expect(logs.map(([message]) => message)).toContain(
      'the embedded Solana account did not connect',
    )
    expect(kit.stores.modal.getState().loading.solana).toBe(false)
  })
})
