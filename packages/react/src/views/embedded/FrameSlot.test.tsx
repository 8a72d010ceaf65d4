import { afterEach, describe, expect, it, vi } from 'vitest'
import { passkeysSupported } from './FrameSlot.tsx'

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('passkeysSupported', () => {
  it('is false where the browser has no WebAuthn', () => {
    vi.stubGlobal('PublicKeyCredential', undefined)
    expect(passkeysSupported('https://wallet.example/')).toBe(false)
  })

  it('is true for a frame on a host name, or the default frame', () => {
    vi.stubGlobal('PublicKeyCredential', () => {})
    expect(passkeysSupported('https://wallet.example/')).toBe(true)
    expect(passkeysSupported('http://localhost:5174/')).toBe(true)
    expect(passkeysSupported(undefined)).toBe(true)
  })

  it('is false for a frame on an IP address, which browsers refuse as relying party', () => {
    vi.stubGlobal('PublicKeyCredential', () => {})
    expect(passkeysSupported('http://127.0.0.1:5174/')).toBe(false)
    expect(passkeysSupported('http://[::1]:5174/')).toBe(false)
    expect(passkeysSupported('not a url')).toBe(false)
  })
})
