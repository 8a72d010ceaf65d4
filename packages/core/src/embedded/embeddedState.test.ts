import { describe, expect, it } from 'vitest'
import { EMAIL_LOGIN_COOLDOWN_MS } from '../constants.ts'
import { ErrorText } from '../errors.ts'
import { emailCooldownSeconds, initialEmbeddedState } from './embeddedState.ts'

describe('§4 email login cooldown (30 s)', () => {
  it('lets the first login through', () => {
    expect(emailCooldownSeconds(undefined, 1_000)).toBe(0)
  })

  it('counts the whole seconds left, rounding up, and ends at 30 s', () => {
    const start = 1_000_000
    expect(EMAIL_LOGIN_COOLDOWN_MS).toBe(30_000)
    expect(emailCooldownSeconds(start, start)).toBe(30)
    expect(emailCooldownSeconds(start, start + 100)).toBe(30)
    expect(emailCooldownSeconds(start, start + 29_001)).toBe(1)
    expect(emailCooldownSeconds(start, start + 30_000)).toBe(0)
    expect(emailCooldownSeconds(start, start + 90_000)).toBe(0)
    expect(ErrorText.tryAgainAfter(emailCooldownSeconds(start, start + 12_400))).toBe(
      'Please try again after 18 seconds',
    )
  })

  it('starts on the email step with nothing signed in', () => {
    const state = initialEmbeddedState()
    expect(state.login).toEqual({ step: 'email', busy: false })
    expect(state.user).toBeUndefined()
    expect(state.approving).toBe(false)
  })
})
