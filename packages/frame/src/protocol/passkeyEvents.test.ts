// The passkey app events (issue 30) as both sides parse them: the frame takes only a credential
// id that is base64url, the host only a list of labels.
import { describe, expect, it } from 'vitest'
import { PASSKEY_LIST } from '../app/testing/passkeyEvents.ts'
import { AppEvents } from './appEvents.ts'
import { CHANNEL, parseAppMessage, parseFrameMessage } from './messages.ts'

const ID = '00000000-0000-4000-8000-000000000001'
const request = (payload: unknown) =>
  parseAppMessage({ channel: CHANNEL, type: 'APP_REMOVE_PASSKEY', id: ID, payload })

describe('passkey app events', () => {
  it('APP_REMOVE_PASSKEY takes a base64url credential id only', () => {
    expect(request({ id: 'cred_1-A' }).ok).toBe(true)
    for (const bad of [{}, { id: '' }, { id: 'a/../b' }, { id: 'a b' }, { id: 'x'.repeat(1025) }]) {
      expect(request(bad).ok).toBe(false)
    }
  })

  it('the list reply carries labels; a credential or key in it does not parse as more', () => {
    const reply = AppEvents.APP_GET_PASSKEYS.reply.safeParse({
      passkeys: [{ ...PASSKEY_LIST.passkeys[0], publicKey: 'pQECAyYgASFYIA' }],
    })
    expect(reply.success).toBe(true)
    expect(Object.keys(reply.data?.passkeys[0] ?? {})).not.toContain('publicKey')
    expect(AppEvents.APP_ADD_PASSKEY.reply.safeParse({ passkeys: [{ id: 'a' }] }).success).toBe(
      false,
    )
  })

  it('the host takes FRAME_ADD_PASSKEY_SUCCESS only as the answer to its APP_ADD_PASSKEY', () => {
    const message = {
      channel: CHANNEL,
      type: 'FRAME_ADD_PASSKEY_SUCCESS',
      id: ID,
      payload: PASSKEY_LIST,
    }
    expect(parseFrameMessage(message, () => 'APP_ADD_PASSKEY').ok).toBe(true)
    expect(parseFrameMessage(message, () => 'APP_GET_USER').ok).toBe(false)
  })
})
