import { describe, expect, it } from 'vitest'
import { ApiError } from './api.ts'
import { createApiClient } from './apiClient.ts'
import { checkOrigin, fetchAllowedOrigins, originMatches, originsResultFor } from './origins.ts'

const failed = (status: number) => new ApiError('x', { status, path: '/projects/v1/origins' })

describe('originsResultFor (§7)', () => {
  it('429 is RATE_LIMITED', () => {
    expect(originsResultFor(failed(429))).toEqual({ error: 'RATE_LIMITED' })
  })

  it('500 to 599 is SERVER_ERROR', () => {
    for (const status of [500, 502, 503, 599]) {
      expect(originsResultFor(failed(status))).toEqual({ error: 'SERVER_ERROR' })
    }
  })

  it('anything else is an empty list', () => {
    for (const error of [failed(400), failed(403), failed(404), failed(0), failed(600)]) {
      expect(originsResultFor(error)).toEqual({ allowedOrigins: [] })
    }
    expect(originsResultFor(new TypeError('fetch failed'))).toEqual({ allowedOrigins: [] })
    expect(originsResultFor(undefined)).toEqual({ allowedOrigins: [] })
  })
})

describe('fetchAllowedOrigins', () => {
  it('a service that cannot be reached gives an empty list, never a rejection', async () => {
    // Port 1 on loopback: a real connection refusal.
    const api = createApiClient({
      apiUrl: 'http://127.0.0.1:1',
      projectId: 'p',
      sdkType: 'appkit',
      sdkVersion: 'v',
    })
    await expect(fetchAllowedOrigins(api)).resolves.toEqual({ allowedOrigins: [] })
  })

  it('a missing project ID gives an empty list', async () => {
    const api = createApiClient({
      apiUrl: 'http://127.0.0.1:1',
      projectId: '',
      sdkType: 'a',
      sdkVersion: 'v',
    })
    await expect(fetchAllowedOrigins(api)).resolves.toEqual({ allowedOrigins: [] })
  })
})

describe('originMatches', () => {
  it('matches an exact origin, case-insensitively, ignoring a trailing slash', () => {
    expect(originMatches('https://app.example.com', 'https://app.example.com')).toBe(true)
    expect(originMatches('https://App.Example.com', 'https://app.example.com/')).toBe(true)
    expect(originMatches('http://app.example.com', 'https://app.example.com')).toBe(false)
    expect(originMatches('https://app.example.com:8443', 'https://app.example.com')).toBe(false)
  })

  it('matches a wildcard host label or port', () => {
    expect(originMatches('https://a.example.com', 'https://*.example.com')).toBe(true)
    expect(originMatches('https://a.b.example.com', 'https://*.example.com')).toBe(true)
    expect(originMatches('https://example.com', 'https://*.example.com')).toBe(false)
    expect(originMatches('https://evilexample.com', 'https://*.example.com')).toBe(false)
    expect(originMatches('https://example.com.evil.io', 'https://*.example.com')).toBe(false)
    expect(originMatches('http://localhost:5173', 'http://localhost:*')).toBe(true)
  })

  it('a bare host allows any scheme', () => {
    expect(originMatches('https://app.example.com', 'app.example.com')).toBe(true)
    expect(originMatches('http://app.example.com', 'app.example.com')).toBe(true)
    expect(originMatches('https://app.example.com.evil.io', 'app.example.com')).toBe(false)
  })

  it('treats regular-expression characters literally', () => {
    expect(originMatches('https://appxexample.com', 'https://app.example.com')).toBe(false)
    expect(originMatches('https://a.io', '')).toBe(false)
  })
})

describe('checkOrigin (§8)', () => {
  const list = { allowedOrigins: ['http://127.0.0.1:5173', 'https://*.example.com'] }

  it('nothing when the page origin is allowed', () => {
    expect(checkOrigin('http://127.0.0.1:5173', list)).toBeUndefined()
    expect(checkOrigin('https://shop.example.com', list)).toBeUndefined()
  })

  it('APKT002 when it is not', () => {
    expect(checkOrigin('http://127.0.0.1:5174', list)).toBe('APKT002')
    expect(checkOrigin('null', list)).toBe('APKT002')
  })

  it('APKT010 when rate limited, APKT009 on a server error', () => {
    expect(checkOrigin('http://127.0.0.1:5173', { error: 'RATE_LIMITED' })).toBe('APKT010')
    expect(checkOrigin('http://127.0.0.1:5173', { error: 'SERVER_ERROR' })).toBe('APKT009')
  })

  it('nothing for an empty list: there is nothing to check against', () => {
    expect(checkOrigin('https://anywhere.io', { allowedOrigins: [] })).toBeUndefined()
  })
})
