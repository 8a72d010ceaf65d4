// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest'
import { forgetCredentials, saveCredentials, takeCredentials } from './credentials.ts'

const PROJECT = 'c4b1e7d2a9f04e6b8d3a5f1e2c7b9a60'

describe('the dashboard credentials', () => {
  beforeEach(() => {
    sessionStorage.clear()
    history.replaceState(null, '', '/?from=2026-11-01')
  })

  it('takes the project and token from the fragment, keeps them for the tab and clears the address', () => {
    history.replaceState(null, '', `/?from=2026-11-01#project=${PROJECT}&token=lk_secret`)
    expect(takeCredentials(window, sessionStorage)).toEqual({
      projectId: PROJECT,
      token: 'lk_secret',
    })
    expect(location.hash).toBe('')
    expect(location.search).toBe('?from=2026-11-01')
    // A reload has no fragment: the tab's copy answers.
    expect(takeCredentials(window, sessionStorage)).toEqual({
      projectId: PROJECT,
      token: 'lk_secret',
    })
  })

  it('clears a token from the address even when the fragment is not usable', () => {
    history.replaceState(null, '', '/#project=not a project!&token=lk_secret')
    expect(takeCredentials(window, sessionStorage)).toBeUndefined()
    expect(location.hash).toBe('')
  })

  it('ignores what is not a project id and a token, in the fragment or the storage', () => {
    history.replaceState(null, '', `/#project=${PROJECT}`)
    expect(takeCredentials(window, sessionStorage)).toBeUndefined()
    sessionStorage.setItem('latchkey-dashboard', '{not json')
    expect(takeCredentials(window, sessionStorage)).toBeUndefined()
    sessionStorage.setItem('latchkey-dashboard', JSON.stringify({ projectId: PROJECT, token: 7 }))
    expect(takeCredentials(window, sessionStorage)).toBeUndefined()
    const long = 'x'.repeat(513)
    sessionStorage.setItem(
      'latchkey-dashboard',
      JSON.stringify({ projectId: PROJECT, token: long }),
    )
    expect(takeCredentials(window, sessionStorage)).toBeUndefined()
  })

  it('forgets them', () => {
    saveCredentials(sessionStorage, { projectId: PROJECT, token: 'lk_secret' })
    forgetCredentials(sessionStorage)
    expect(takeCredentials(window, sessionStorage)).toBeUndefined()
  })
})
