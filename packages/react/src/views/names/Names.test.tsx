import type { NamesState } from '@latchkey/core/internal'
import { localChainA } from '@latchkey/core/networks'
import { act, cleanup, fireEvent, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { withScriptedWallet } from '../../testing/scriptedWallet.tsx'
import { metamask } from '../../testing/wallets.ts'
import { namesEn } from './namesMessages.ts'
import RegisterAccountName from './RegisterAccountName.tsx'
import RegisterAccountNameSuccess from './RegisterAccountNameSuccess.tsx'

afterEach(cleanup)

// The views over the names store; the controller behind core.names is tested against the real
// name service (core/src/names/names.server.test.ts), so its actions are spied.

async function naming(view: 'RegisterAccountName' | 'RegisterAccountNameSuccess') {
  const { appKit, show } = withScriptedWallet([localChainA])
  await appKit.core.connect(metamask.id)
  const { core } = appKit
  const actions = {
    load: vi.spyOn(core.names, 'load').mockResolvedValue(undefined),
    setInput: vi.spyOn(core.names, 'setInput').mockResolvedValue(undefined),
    register: vi.spyOn(core.names, 'register').mockResolvedValue(true),
  }
  core.stores.names.setState({ zone: 'latchkey.id' })
  core.router.reset('Account')
  core.router.push(view)
  show(view === 'RegisterAccountName' ? <RegisterAccountName /> : <RegisterAccountNameSuccess />)
  const set = (state: Partial<NamesState>) => act(() => core.stores.names.setState(state))
  return { core, actions, set }
}

const status = () => screen.getByTestId('name-status')
const registerButton = () => screen.getByTestId('name-register') as HTMLButtonElement

describe('RegisterAccountName', () => {
  it('loads; the zone follows the input; typing goes to the controller', async () => {
    const { actions } = await naming('RegisterAccountName')
    expect(actions.load).toHaveBeenCalled()
    expect(screen.getByTestId('name-zone').textContent).toBe('.latchkey.id')
    fireEvent.change(screen.getByTestId('name-input'), { target: { value: 'Alice' } })
    expect(actions.setInput).toHaveBeenCalledWith('Alice')
  })

  it('says the rule as the visitor types; Register waits for an available name', async () => {
    const { set } = await naming('RegisterAccountName')
    set({ input: 'ab', problem: 'short' })
    expect(status().textContent).toBe(namesEn.nameRuleShort)
    expect(screen.getByTestId('name-input').getAttribute('aria-invalid')).toBe('true')
    expect(registerButton().disabled).toBe(true)
    set({ input: 'a_b', problem: 'characters' })
    expect(status().textContent).toBe(namesEn.nameRuleCharacters)
    set({ input: 'x'.repeat(64), problem: 'long' })
    expect(status().textContent).toBe(namesEn.nameRuleLong)
    set({ input: 'Alice', problem: undefined, status: 'checking' })
    expect(status().textContent).toBe(namesEn.nameChecking)
    expect(registerButton().disabled).toBe(true)
    set({ status: 'available' })
    expect(status().textContent).toBe('alice.latchkey.id is available')
    expect(registerButton().disabled).toBe(false)
  })

  it('a taken name offers the free ones; picking one types it', async () => {
    const { actions, set } = await naming('RegisterAccountName')
    set({
      input: 'alice',
      status: 'taken',
      suggestions: ['alice1.latchkey.id', 'alice-2.latchkey.id'],
    })
    expect(status().textContent).toBe('alice.latchkey.id is taken')
    expect(registerButton().disabled).toBe(true)
    const chips = screen.getAllByTestId('name-suggestion')
    expect(chips.map((chip) => chip.textContent)).toEqual([
      'alice1.latchkey.id',
      'alice-2.latchkey.id',
    ])
    fireEvent.click(chips[1] as HTMLElement)
    expect(actions.setInput).toHaveBeenLastCalledWith('alice-2')
  })

  it('Register submits; while registering the form is busy; an error is shown as said', async () => {
    const { actions, set } = await naming('RegisterAccountName')
    set({ input: 'alice', status: 'available' })
    fireEvent.click(registerButton())
    expect(actions.register).toHaveBeenCalledTimes(1)
    set({ status: 'registering' })
    expect(registerButton().textContent).toBe(namesEn.registeringName)
    expect(registerButton().getAttribute('aria-busy')).toBe('true')
    expect((screen.getByTestId('name-input') as HTMLInputElement).disabled).toBe(true)
    set({ status: 'available', error: 'This address already has the name bob.latchkey.id' })
    expect(screen.getByRole('alert').textContent).toBe(
      'This address already has the name bob.latchkey.id',
    )
  })

  it('an account that holds a name is told which', async () => {
    const { set } = await naming('RegisterAccountName')
    set({ owned: 'bob.latchkey.id' })
    expect(screen.getByTestId('name-owned').textContent).toBe('This account is bob.latchkey.id.')
  })
})

describe('RegisterAccountNameSuccess', () => {
  it('shows the name; Done goes to Account', async () => {
    const { core, set } = await naming('RegisterAccountNameSuccess')
    set({ registered: 'alice.latchkey.id' })
    expect(screen.getByTestId('name-registered').textContent).toBe('alice.latchkey.id')
    fireEvent.click(screen.getByTestId('name-done'))
    expect(core.router.current().view).toBe('Account')
  })
})
