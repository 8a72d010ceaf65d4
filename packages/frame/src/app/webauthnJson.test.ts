// WebAuthn's JSON forms (webauthnJson.ts): base64url both ways, and the server's options JSON
// turned into the buffers navigator.credentials takes.
import { describe, expect, it } from 'vitest'
import { creationOptions, fromBase64Url, requestOptions, toBase64Url } from './webauthnJson.ts'

const bytes = (buffer: BufferSource) =>
  [...new Uint8Array(buffer instanceof ArrayBuffer ? buffer : buffer.buffer)] as number[]

describe('webauthnJson', () => {
  it('base64url round-trips every byte, without padding', () => {
    const all = Uint8Array.from({ length: 256 }, (_, i) => i)
    const text = toBase64Url(all)
    expect(text).toMatch(/^[A-Za-z0-9_-]+$/)
    expect(bytes(fromBase64Url(text))).toEqual([...all])
    expect(toBase64Url(new Uint8Array([0xfb, 0xff]))).toBe('-_8')
    expect(bytes(fromBase64Url('-_8'))).toEqual([0xfb, 0xff])
  })

  it('creation options: challenge, user id and excluded credentials become buffers; the rest stays', () => {
    const options = creationOptions({
      challenge: 'AQID',
      rp: { id: 'localhost', name: 'Latchkey' },
      user: { id: 'BAU', name: 'a@b.example', displayName: 'a@b.example' },
      pubKeyCredParams: [{ type: 'public-key', alg: -7 }],
      excludeCredentials: [{ type: 'public-key', id: 'Bgc' }],
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    })
    expect(bytes(options.challenge)).toEqual([1, 2, 3])
    expect(bytes(options.user.id)).toEqual([4, 5])
    expect(bytes(options.excludeCredentials?.[0]?.id as BufferSource)).toEqual([6, 7])
    expect(options.rp.id).toBe('localhost')
    expect(options.authenticatorSelection?.userVerification).toBe('required')
  })

  it('request options: no allowCredentials stays none (a discoverable sign-in)', () => {
    const options = requestOptions({
      challenge: 'CAk',
      rpId: 'localhost',
      userVerification: 'required',
    })
    expect(bytes(options.challenge)).toEqual([8, 9])
    expect('allowCredentials' in options).toBe(false)
    expect(options.userVerification).toBe('required')
  })
})
