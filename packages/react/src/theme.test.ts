import { describe, expect, it } from 'vitest'
import { themeStyle } from './theme.ts'

describe('themeStyle', () => {
  it('maps --w3m-* names to --lk-* and keeps --lk-*', () => {
    expect(themeStyle({ '--w3m-accent': '#ff0000', '--lk-bg': '#000' })).toEqual({
      '--lk-accent': '#ff0000',
      '--lk-bg': '#000',
    })
  })
  it("takes AppKit's current --apkt-* names too", () => {
    expect(
      themeStyle({
        '--apkt-accent': '#00ff00',
        '--apkt-font-family': 'Inter',
        '--apkt-z-index': 9,
        '--apkt-border-radius-master': '3px',
      }),
    ).toEqual({
      '--lk-accent': '#00ff00',
      '--lk-font-family': 'Inter',
      '--lk-z-index': '9',
      '--lk-radius': '12px',
    })
  })
  it('scales the w3m master radius like AppKit does (x4)', () => {
    expect(themeStyle({ '--w3m-border-radius-master': '2px' })).toEqual({ '--lk-radius': '8px' })
  })
  it('drops unknown names, non-scalar values and values that could break out of the rule', () => {
    expect(
      themeStyle({
        color: 'red',
        '--lk-accent': 'red; background: url(x)',
        '--lk-fg': {} as unknown as string,
      }),
    ).toEqual({})
  })
  it('mixes a colour into the backgrounds, scales the text, colours the QR code', () => {
    expect(
      themeStyle({
        '--apkt-color-mix': '#00bb7f',
        '--apkt-color-mix-strength': 40,
        '--w3m-font-size-master': '12px',
        '--apkt-qr-color': '#123456',
      }),
    ).toEqual({
      '--lk-mix': '#00bb7f',
      '--lk-mix-strength': '40%',
      '--lk-font-size': '18px',
      '--lk-qr-color': '#123456',
    })
    expect(themeStyle({ '--w3m-color-mix-strength': 250 })).toEqual({ '--lk-mix-strength': '100%' })
  })
})
