import type { SIWXMessageData } from '@latchkey/core/internal'
import { siwxMessageText } from '@latchkey/core/internal'
import { describe, expect, it } from 'vitest'
import { SIWXMessenger, type SIWXMessengerInput } from './messenger.ts'
import { EVM_CHAIN } from './testing/signers.ts'

/** An app's own messenger, as AppKit apps write them: its own version and text. */
class OwnTextMessenger extends SIWXMessenger {
  protected readonly version = '2'
  protected override stringify(data: SIWXMessageData) {
    return `Sign in to ${data.domain} as ${data.accountAddress} (${data.nonce})`
  }
}

const input: SIWXMessengerInput = { accountAddress: '0x01', chainId: EVM_CHAIN }

describe('SIWXMessenger', () => {
  it("signs the subclass's own text when it writes one", async () => {
    const messenger = new OwnTextMessenger({
      domain: 'app.example',
      uri: 'https://app.example',
      getNonce: async () => 'abcdefgh',
    })
    const data = await messenger.createMessage(input)
    expect(data.version).toBe('2')
    expect(data.serializedMessage).toBe('Sign in to app.example as 0x01 (abcdefgh)')
    expect(siwxMessageText(data)).toBe(data.serializedMessage)
  })

  it('counts the expiration from notBefore when the input has one', async () => {
    const messenger = new OwnTextMessenger({
      domain: 'app.example',
      uri: 'https://app.example',
      expiration: 60_000,
      getNonce: async () => 'abcdefgh',
    })
    const data = await messenger.createMessage({ ...input, notBefore: '2030-01-01T00:00:00Z' })
    expect(data.notBefore).toBe('2030-01-01T00:00:00.000Z')
    expect(data.expirationTime).toBe('2030-01-01T00:01:00.000Z')
  })
})
