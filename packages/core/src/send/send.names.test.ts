// Names as receivers (README "Names"): Send looks a name up once, shows the address it stands
// for and sends there. The names controller's own lookup against the real names service:
// names/names.server.test.ts; here it is the function the controller is given.
import { describe, expect, it } from 'vitest'
import { ErrorText } from '../errors.ts'
import { localSolana } from '../networks.ts'
import { RECEIVER, setupSend, sol } from '../testing/sendSetup.ts'
import { NATIVE_TOKEN_KEY } from './sendState.ts'

const ALICE = 'alice.latchkey.id'

/** A names service that knows one name, recording each lookup */
function names() {
  const asked: string[] = []
  const resolveName = async (name: string) => {
    asked.push(name)
    if (name === ALICE) return RECEIVER
    throw new Error(ErrorText.errorResolvingName)
  }
  return { asked, resolveName }
}

describe('a receiver typed as a name', () => {
  it('is looked up once, shown with its address, and the send goes there', async () => {
    const { asked, resolveName } = names()
    const { controller, send, fill, transfers } = setupSend({ resolveName })
    fill(NATIVE_TOKEN_KEY, '0.01', `  ${ALICE}  `)
    expect(await controller.validate()).toBe(true)
    expect(send.getState().resolved).toEqual({ name: ALICE, address: RECEIVER })
    expect(send.getState().error).toBeUndefined()
    expect(await controller.validate()).toBe(true)
    expect(asked).toEqual([ALICE])
    expect(await controller.send()).toBe(true)
    expect(transfers).toEqual([expect.objectContaining({ to: RECEIVER, amount: 10n ** 16n })])
  })

  it("one that does not resolve: the service's words, no preview, the last address forgotten", async () => {
    const { resolveName } = names()
    const { controller, send, fill, transfers } = setupSend({ resolveName })
    fill(NATIVE_TOKEN_KEY, '0.01', ALICE)
    expect(await controller.validate()).toBe(true)
    fill(NATIVE_TOKEN_KEY, '0.01', 'nobody.latchkey.id')
    expect(await controller.validate()).toBe(false)
    expect(send.getState()).toMatchObject({
      error: ErrorText.errorResolvingName,
      resolved: undefined,
    })
    expect(await controller.send()).toBe(false)
    expect(transfers).toEqual([])
  })

  it('an address, or a word that is no name, is never looked up', async () => {
    const { asked, resolveName } = names()
    const { controller, send, fill } = setupSend({ resolveName })
    fill(NATIVE_TOKEN_KEY, '0.01', RECEIVER)
    expect(await controller.validate()).toBe(true)
    fill(NATIVE_TOKEN_KEY, '0.01', 'alice')
    expect(await controller.validate()).toBe(false)
    expect(send.getState().error).toBe(ErrorText.invalidReceiver)
    expect(asked).toEqual([])
  })

  it('is an invalid receiver for a send controller given no resolveName (it is optional)', async () => {
    const { controller, send, fill } = setupSend()
    fill(NATIVE_TOKEN_KEY, '0.01', ALICE)
    expect(await controller.validate()).toBe(false)
    expect(send.getState().error).toBe(ErrorText.invalidReceiver)
  })

  it('on Solana is not looked up (names hold EVM addresses)', async () => {
    const { asked, resolveName } = names()
    const { controller, send, fill } = setupSend({
      network: localSolana,
      tokens: [sol],
      resolveName,
    })
    fill(NATIVE_TOKEN_KEY, '1', ALICE)
    expect(await controller.validate()).toBe(false)
    expect(send.getState().error).toBe(ErrorText.invalidReceiver)
    expect(asked).toEqual([])
  })
})
