// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { applyTheme } from './theme.ts'

describe('applyTheme', () => {
  it('is dark by default and takes light', () => {
    const root = document.createElement('div')
    applyTheme(root, {})
    expect(root.dataset.theme).toBe('dark')
    applyTheme(root, { themeMode: 'light' })
    expect(root.dataset.theme).toBe('light')
  })

  it('accepts known variables with safe values only', () => {
    const root = document.createElement('div')
    const ignored = applyTheme(root, {
      themeVariables: {
        '--w3m-accent': 'rgb(10, 20, 30)',
        '--lk-font-family': 'x; } body { display: none',
        '--w3m-border-radius-master': '8px',
        '--w3m-color-mix': '#000',
        constructor: 'red',
        '--w3m-constructor': 'red',
        '--w3m-toString': 'red',
      },
    })
    expect(root.style.getPropertyValue('--lk-accent')).toBe('rgb(10, 20, 30)')
    expect(root.style.getPropertyValue('--lk-radius-master')).toBe('8px')
    expect(root.style.getPropertyValue('--lk-font')).toBe('')
    expect(ignored.sort()).toEqual(
      [
        '--lk-font-family',
        '--w3m-color-mix',
        'constructor',
        '--w3m-constructor',
        '--w3m-toString',
      ].sort(),
    )
  })
})
