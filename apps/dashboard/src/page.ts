// The page around the figures: the sign-in form, the range, the status line.
import { type Credentials, forgetCredentials, saveCredentials } from './credentials.ts'
import { renderSummary } from './render.ts'
import { fetchSummary, type Range } from './summaryApi.ts'
import { TEXT } from './text.ts'

export interface PageOptions {
  doc: Document
  apiUrl: string
  storage: Storage
  credentials: Credentials | undefined
  range: Range
  /** Keeps the range in the address, so a reload shows the same days */
  onRange?: (range: Range) => void
  fetcher?: typeof fetch
}

const byId = <T extends HTMLElement>(doc: Document, id: string) => {
  const element = doc.getElementById(id)
  if (!element) throw new Error(`the page has no #${id}`)
  return element as T
}

export function startPage(options: PageOptions) {
  const { doc, apiUrl, storage } = options
  let credentials = options.credentials
  let range = options.range
  const signIn = byId<HTMLFormElement>(doc, 'sign-in')
  const rangeForm = byId<HTMLFormElement>(doc, 'range')
  const status = byId(doc, 'status')
  const figures = byId(doc, 'figures')
  const project = byId(doc, 'project')
  const signOut = byId<HTMLButtonElement>(doc, 'sign-out')
  const field = (form: HTMLFormElement, name: string) =>
    form.elements.namedItem(name) as HTMLInputElement

  function show(signedIn: boolean) {
    signIn.hidden = signedIn
    rangeForm.hidden = !signedIn
    signOut.hidden = !signedIn
    project.textContent = signedIn && credentials ? credentials.projectId : ''
  }

  let request = 0
  async function load() {
    if (!credentials) return show(false)
    show(true)
    const mine = ++request
    status.textContent = TEXT.loading
    figures.setAttribute('aria-busy', 'true')
    const result = await fetchSummary(apiUrl, credentials, range, options.fetcher)
    if (mine !== request) return
    figures.removeAttribute('aria-busy')
    if (!result.ok) {
      status.textContent = result.error
      status.className = 'error'
      if (result.signedOut) {
        forgetCredentials(storage)
        figures.replaceChildren()
        show(false)
        field(signIn, 'projectId').value = credentials.projectId
        credentials = undefined
        field(signIn, 'token').focus()
      }
      return
    }
    const { summary } = result
    status.className = ''
    const since = range.since ? ` ${TEXT.since(range.since)}` : ''
    status.textContent = `${TEXT.loaded(summary.from, summary.to)}${since}`
    field(rangeForm, 'from').value = summary.from
    field(rangeForm, 'to').value = summary.to
    figures.replaceChildren(...renderSummary(doc, summary))
  }

  signIn.addEventListener('submit', (event) => {
    event.preventDefault()
    const projectId = field(signIn, 'projectId').value.trim()
    const token = field(signIn, 'token').value.trim()
    if (!projectId || !token) return
    credentials = { projectId, token }
    saveCredentials(storage, credentials)
    field(signIn, 'token').value = ''
    void load()
  })
  rangeForm.addEventListener('submit', (event) => {
    event.preventDefault()
    const from = field(rangeForm, 'from').value
    const to = field(rangeForm, 'to').value
    range = { ...(from && { from }), ...(to && { to }), ...(range.since && { since: range.since }) }
    options.onRange?.(range)
    void load()
  })
  signOut.addEventListener('click', () => {
    forgetCredentials(storage)
    credentials = undefined
    figures.replaceChildren()
    status.textContent = ''
    show(false)
  })
  return load()
}
