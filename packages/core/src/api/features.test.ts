import { describe, expect, it } from 'vitest'
import { unsupportedFeaturesIn } from '../appkitOptions.ts'
import { DEFAULT_REMOTE_FEATURES, DEFAULT_SOCIALS } from '../constants.ts'
import type { RemoteFeatures } from './features.ts'
import { type CodeFeatures, initialFeaturesState, resolveFeatures } from './features.ts'

const BOOLEAN_FEATURES = ['swaps', 'onramp', 'email', 'activity', 'emailCapture'] as const

describe('resolveFeatures: code, then remote, then defaults', () => {
  const codeValues = [true, false, undefined] as const
  const remoteValues = [true, false, undefined, 'absent'] as const

  for (const key of BOOLEAN_FEATURES) {
    for (const code of codeValues) {
      for (const remote of remoteValues) {
        const expected =
          code ?? (remote === 'absent' ? undefined : remote) ?? DEFAULT_REMOTE_FEATURES[key]
        it(`${key}: code ${code}, remote ${remote} → ${expected}`, () => {
          const codeFeatures: CodeFeatures = code === undefined ? {} : { [key]: code }
          const remoteFeatures: RemoteFeatures | undefined =
            remote === 'absent' ? undefined : remote === undefined ? {} : { [key]: remote }
          expect(resolveFeatures(codeFeatures, remoteFeatures)[key]).toBe(expected)
        })
      }
    }
  }

  const socialsCases: [
    string,
    CodeFeatures['socials'],
    RemoteFeatures['socials'] | 'absent',
    unknown,
  ][] = [
    ['code list wins over remote list', ['github'], ['google'], ['github']],
    ['code list wins over remote off', ['github'], false, ['github']],
    ['code off wins over remote list', false, ['google'], false],
    ['code off wins over no remote', false, 'absent', false],
    ['code list wins over no remote', ['x', 'apple'], 'absent', ['x', 'apple']],
    ['remote list when code unset', undefined, ['discord', 'google'], ['discord', 'google']],
    ['remote off when code unset', undefined, false, false],
    ['defaults when both unset', undefined, undefined, [...DEFAULT_SOCIALS]],
    ['defaults without a remote answer', undefined, 'absent', [...DEFAULT_SOCIALS]],
  ]
  for (const [name, code, remote, expected] of socialsCases) {
    it(`socials: ${name}`, () => {
      const remoteFeatures =
        remote === 'absent' ? undefined : remote === undefined ? {} : { socials: remote }
      const codeFeatures = code === undefined ? {} : { socials: code }
      expect(resolveFeatures(codeFeatures, remoteFeatures).socials).toEqual(expected)
    })
  }

  it('keeps known providers only, in order, without repeats', () => {
    expect(
      resolveFeatures(undefined, { socials: ['github', 'myspace', 'github', 'x'] }).socials,
    ).toEqual(['github', 'x'])
  })

  it('treats a code value of the wrong type as unset', () => {
    const code = { swaps: 'no', socials: true } as unknown as CodeFeatures
    const resolved = resolveFeatures(code, { swaps: false, socials: ['apple'] })
    expect(resolved.swaps).toBe(false)
    expect(resolved.socials).toEqual(['apple'])
  })

  it('gives the §1 defaults with nothing set and no remote answer', () => {
    expect(resolveFeatures(undefined, undefined)).toEqual({
      swaps: true,
      onramp: true,
      email: true,
      socials: [...DEFAULT_SOCIALS],
      activity: true,
      emailCapture: false,
      pay: false,
    })
  })

  it('never hands out the shared default list', () => {
    const resolved = resolveFeatures(undefined, undefined)
    expect(resolved.socials).not.toBe(DEFAULT_REMOTE_FEATURES.socials)
  })
})

describe('resolveFeatures: pay (§5)', () => {
  it('is off unless the app turns it on', () => {
    expect(resolveFeatures({}, {}).pay).toBe(false)
    expect(resolveFeatures({ pay: true }, {}).pay).toBe(true)
  })

  for (const [name, code, remote] of [
    ['defaults', {}, undefined],
    ['code turns them on', { email: true, socials: ['google'] }, undefined],
    ['remote turns them on', {}, { email: true, socials: ['google'] }],
  ] as [string, CodeFeatures, RemoteFeatures | undefined][]) {
    it(`on disables email and socials (${name})`, () => {
      const resolved = resolveFeatures({ ...code, pay: true }, remote)
      expect(resolved.email).toBe(false)
      expect(resolved.socials).toBe(false)
    })
  }

  it('on leaves the other features alone', () => {
    const resolved = resolveFeatures({ pay: true, swaps: false }, { onramp: false })
    expect(resolved).toMatchObject({ swaps: false, onramp: false, activity: true })
  })
})

describe('initialFeaturesState', () => {
  it('is code + defaults, waiting for the remote config', () => {
    expect(initialFeaturesState({ swaps: false })).toEqual({
      features: resolveFeatures({ swaps: false }, undefined),
      remote: 'pending',
    })
  })
})

describe("AppKit's feature keys", () => {
  it('history is activity; activity wins when both are set', () => {
    expect(resolveFeatures({ history: false }, { activity: true }).activity).toBe(false)
    expect(resolveFeatures({ history: false, activity: true }, undefined).activity).toBe(true)
  })

  it('names the keys set that Latchkey does not act on, nothing else', () => {
    expect(
      unsupportedFeaturesIn({
        analytics: false,
        swaps: true,
        connectMethodsOrder: ['email'],
        smartSessions: true,
      }),
    ).toEqual(['analytics', 'smartSessions'])
    expect(unsupportedFeaturesIn({ swaps: true, history: true })).toEqual([])
    expect(unsupportedFeaturesIn(undefined)).toEqual([])
  })
})
