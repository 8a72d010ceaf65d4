import { describe, expect, it } from 'vitest'
import { MAX_PROJECT_ORIGINS } from '../constants.ts'
import { normaliseOrigin, normaliseOrigins } from './origins.ts'

describe('an allowed origin', () => {
  it('is kept as a browser sends it in Origin: lowercase host, no default port, no slash', () => {
    expect(normaliseOrigin('https://App.Example.com/')).toBe('https://app.example.com')
    expect(normaliseOrigin('https://example.com:443')).toBe('https://example.com')
    expect(normaliseOrigin(' http://127.0.0.1:5173 ')).toBe('http://127.0.0.1:5173')
    expect(normaliseOrigin('http://[::1]:8080')).toBe('http://[::1]:8080')
  })

  it.each([
    'example.com',
    'ftp://example.com',
    'https://example.com/app',
    'https://example.com?x=1',
    'https://example.com#top',
    'https://user:pass@example.com',
    'https://*.example.com',
    'https://exa mple.com',
    'javascript:alert(1)',
    '',
  ])('refuses %j, naming it', (value) => {
    expect(() => normaliseOrigin(value)).toThrow(`'${value}' is not an origin`)
  })

  it('a list loses its repeats and holds at most MAX_PROJECT_ORIGINS', () => {
    expect(normaliseOrigins(['https://a.com', 'https://A.com/', 'https://b.com'])).toEqual([
      'https://a.com',
      'https://b.com',
    ])
    const many = Array.from({ length: MAX_PROJECT_ORIGINS + 1 }, (_, i) => `https://s${i}.com`)
    expect(normaliseOrigins(many.slice(1))).toHaveLength(MAX_PROJECT_ORIGINS)
    expect(() => normaliseOrigins(many)).toThrow(`at most ${MAX_PROJECT_ORIGINS} origins`)
  })
})
