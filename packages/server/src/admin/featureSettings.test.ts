import { describe, expect, it } from 'vitest'
import { parseFeatureSettings } from './featureSettings.ts'

describe('feature settings on the command line', () => {
  it('switches, a socials list, socials off, and default to drop an override', () => {
    expect(
      parseFeatureSettings([
        'swaps=false',
        'emailCapture=true',
        'socials=google,x,google',
        'onramp=default',
      ]),
    ).toEqual({ swaps: false, emailCapture: true, socials: ['google', 'x'], onramp: null })
    expect(parseFeatureSettings(['socials=false'])).toEqual({ socials: false })
    expect(parseFeatureSettings(['socials=default'])).toEqual({ socials: null })
  })

  it.each([
    ['swap=false', "unknown feature 'swap'"],
    ['swaps=yes', 'swaps is true, false or default'],
    ['socials=google,myspace', 'socials is false, default or a list of google'],
    ['socials=', 'socials is false, default or a list'],
    ['nothing=default', "unknown feature 'nothing'"],
  ])('refuses %s', (word, message) => {
    expect(() => parseFeatureSettings([word])).toThrow(message)
  })
})
