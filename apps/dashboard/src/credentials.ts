// Who reads the figures: the project and its token. `npm start` hands them over in the URL's
// fragment (never sent to a server); they move to this tab's session storage at once and the
// fragment is cleared, so the token is neither in the history nor in a shared link.

export interface Credentials {
  projectId: string
  token: string
}

const KEY = 'latchkey-dashboard'
const PROJECT_ID = /^[A-Za-z0-9-]{1,64}$/

/** A stored or handed-over value that is not a project id and a token is ignored. */
function valid(value: unknown): value is Credentials {
  if (typeof value !== 'object' || value === null) return false
  const { projectId, token } = value as Record<string, unknown>
  return (
    typeof projectId === 'string' &&
    PROJECT_ID.test(projectId) &&
    typeof token === 'string' &&
    token.length > 0 &&
    token.length <= 512
  )
}

export function saveCredentials(storage: Storage, credentials: Credentials) {
  storage.setItem(KEY, JSON.stringify(credentials))
}

export function forgetCredentials(storage: Storage) {
  storage.removeItem(KEY)
}

function stored(storage: Storage): Credentials | undefined {
  try {
    const value: unknown = JSON.parse(storage.getItem(KEY) ?? 'null')
    return valid(value) ? { projectId: value.projectId, token: value.token } : undefined
  } catch {
    return undefined
  }
}

/**
 * The credentials in the fragment (`#project=…&token=…`), kept and then removed from the
 * address; else the ones this tab kept.
 */
export function takeCredentials(win: Pick<Window, 'location' | 'history'>, storage: Storage) {
  const fragment = new URLSearchParams(win.location.hash.slice(1))
  const handed = { projectId: fragment.get('project'), token: fragment.get('token') }
  if (fragment.has('token')) {
    const { pathname, search } = win.location
    win.history.replaceState(null, '', `${pathname}${search}`)
  }
  if (valid(handed)) {
    saveCredentials(storage, handed)
    return handed
  }
  return stored(storage)
}
