// The dashboard's page against a real server and database: figures sent through the collector
// come back as the funnel, the days and the tables; a refused token brings the form back.
import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { JSDOM } from 'jsdom'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { createProject } from '../../../packages/server/src/admin/projectStore.ts'
import {
  availableDatabases,
  startTestServer,
  type TestServer,
} from '../../../packages/server/src/testing/databases.ts'
import { startPage } from './page.ts'
import type { Range } from './summaryApi.ts'

const ORIGIN = 'https://shop.example'
const NOW = Date.parse('2026-11-28T12:00:00Z')
const html = readFileSync(join(dirname(fileURLToPath(import.meta.url)), '../index.html'), 'utf8')
/** The page without its script: the test starts it with the server's address */
const withoutScript = html.replace(/<script[^>]*><\/script>/, '')
let window: JSDOM['window']
let document: Document
let sessionStorage: Storage

const event = (name: string, properties: Record<string, unknown> = {}) => ({
  eventId: randomUUID(),
  url: `${ORIGIN}/`,
  domain: 'shop.example',
  timestamp: NOW - 1000,
  props: { event: name, properties: { caipNetworkId: 'eip155:1', ...properties } },
})

/** The table under a section's heading, as rows of cell texts */
function rows(heading: string) {
  const section = [...document.querySelectorAll('section')].find(
    (s) => s.querySelector('h2')?.textContent === heading,
  )
  const table = section?.querySelector('table')
  const body = table?.tBodies[0]
  if (!body) throw new Error(`no table under ${heading}`)
  return [...body.rows].map((row) => [...row.cells].map((cell) => cell.textContent ?? ''))
}

const status = () => document.getElementById('status')?.textContent ?? ''

describe.each(availableDatabases())('the dashboard page on $name', (database) => {
  let service: TestServer
  let project: string
  let token: string

  beforeAll(async () => {
    service = await startTestServer(database, { allowedOrigins: [ORIGIN], now: () => NOW })
    const created = await createProject(service.server.db, { name: 'Shop', origins: [ORIGIN] })
    project = created.project.projectId
    token = created.token
    const events = [
      event('INITIALIZE'),
      event('MODAL_OPEN'),
      event('MODAL_OPEN'),
      event('MODAL_OPEN'),
      event('MODAL_OPEN'),
      event('SELECT_WALLET', { name: 'MetaMask' }),
      event('SELECT_WALLET', { name: 'Rainbow' }),
      event('CONNECT_SUCCESS', { method: 'browser', name: 'MetaMask' }),
    ]
    const response = await service.request(`/batch?projectId=${project}`, {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain', Origin: ORIGIN },
      body: JSON.stringify(events),
    })
    expect(response.status).toBe(202)
    const error = await service.request(`/e?projectId=${project}`, {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain', Origin: ORIGIN },
      body: JSON.stringify(event('CONNECT_ERROR', { message: 'User rejected' })),
    })
    expect(error.status).toBe(202)
  })
  afterAll(() => service?.stop())
  beforeEach(() => {
    window = new JSDOM(withoutScript, { url: 'http://127.0.0.1:5175/' }).window
    document = window.document
    sessionStorage = window.sessionStorage
  })

  const open = (credentials: { projectId: string; token: string } | undefined, range: Range = {}) =>
    startPage({
      doc: document,
      apiUrl: service.server.url,
      storage: sessionStorage,
      credentials,
      range: { from: '2026-11-27', to: '2026-11-28', ...range },
    })

  it('shows the funnel, the days, the wallets, the methods and the errors, each as a table beside its chart', async () => {
    // Observable Plot warns (and draws a ⚠ on the chart) when a chart's data does not fit it.
    const warn = vi.spyOn(console, 'warn')
    await open({ projectId: project, token }, { from: '2026-11-28' })
    expect(warn).not.toHaveBeenCalled()
    warn.mockRestore()
    expect(status()).toBe('Figures from 2026-11-28 to 2026-11-28 (UTC days).')
    expect(document.getElementById('project')?.textContent).toBe(project)
    expect(rows('Funnel')).toEqual([
      ['Opened the modal', '4', '100%'],
      ['Selected a wallet', '2', '50%'],
      ['Connected', '1', '25%'],
      ['Signed in', '0', '0%'],
    ])
    expect(rows('Per day')).toEqual([['2026-11-28', '4', '1', '1']])
    expect(document.querySelector('figure')?.textContent).not.toContain('⚠')
    expect(rows('Connections by wallet')).toEqual([['MetaMask', '1']])
    expect(rows('Connections by method')).toEqual([['injected', '1']])
    expect(rows('Errors')).toEqual([['CONNECT_ERROR', 'User rejected', '1']])
    // Each chart is an image named for what it shows.
    const charts = [...document.querySelectorAll('figure svg[role="img"]')]
    expect(charts.map((svg) => svg.getAttribute('aria-label'))).toEqual([
      'Funnel',
      'Per day',
      'Connections by wallet',
      'Connections by method',
      'Connections by network',
    ])
    expect(document.querySelectorAll('table th[scope="col"]').length).toBeGreaterThan(0)
    expect((document.getElementById('sign-in') as HTMLFormElement).hidden).toBe(true)
  })

  it('reads other days when the range changes, and says what the server refuses', async () => {
    const changes: Range[] = []
    await startPage({
      doc: document,
      apiUrl: service.server.url,
      storage: sessionStorage,
      credentials: { projectId: project, token },
      range: {},
      onRange: (range) => changes.push(range),
    })
    expect(status()).toBe('Figures from 2026-10-30 to 2026-11-28 (UTC days).')
    const form = document.getElementById('range') as HTMLFormElement
    const input = (name: string) => form.elements.namedItem(name) as HTMLInputElement
    input('from').value = '2026-11-20'
    input('to').value = '2026-11-27'
    form.requestSubmit()
    await expect.poll(status).toBe('Figures from 2026-11-20 to 2026-11-27 (UTC days).')
    expect(changes).toEqual([{ from: '2026-11-20', to: '2026-11-27' }])
    expect(rows('Funnel')[0]).toEqual(['Opened the modal', '0', '0%'])
    input('from').value = '2026-11-28'
    form.requestSubmit()
    await expect.poll(status).toBe('from must be on or before to, at most 366 days apart')
    expect(document.getElementById('status')?.className).toBe('error')
  })

  it('brings the form back, the token forgotten, when the token is refused; the form opens the project again', async () => {
    sessionStorage.setItem(
      'latchkey-dashboard',
      JSON.stringify({ projectId: project, token: 'lk_wrong' }),
    )
    await open({ projectId: project, token: 'lk_wrong' })
    expect(status()).toBe('The token was refused: it is not this project’s (or it was rotated).')
    const signIn = document.getElementById('sign-in') as HTMLFormElement
    expect(signIn.hidden).toBe(false)
    expect(sessionStorage.getItem('latchkey-dashboard')).toBeNull()
    expect(document.querySelector('#figures section')).toBeNull()
    const input = (name: string) => signIn.elements.namedItem(name) as HTMLInputElement
    expect(input('projectId').value).toBe(project)
    input('token').value = token
    signIn.requestSubmit()
    await expect.poll(() => rows('Funnel').length).toBe(4)
    expect(JSON.parse(sessionStorage.getItem('latchkey-dashboard') ?? '{}')).toEqual({
      projectId: project,
      token,
    })
  })

  it('says so when the services cannot be reached', async () => {
    await startPage({
      doc: document,
      apiUrl: 'http://127.0.0.1:9',
      storage: sessionStorage,
      credentials: { projectId: project, token },
      range: {},
    })
    expect(status()).toBe('Could not reach the services. Are they running?')
    expect((document.getElementById('sign-in') as HTMLFormElement).hidden).toBe(true)
  })

  it('forgets the token when asked', async () => {
    await open({ projectId: project, token })
    sessionStorage.setItem('latchkey-dashboard', JSON.stringify({ projectId: project, token }))
    ;(document.getElementById('sign-out') as HTMLButtonElement).click()
    expect(sessionStorage.getItem('latchkey-dashboard')).toBeNull()
    expect((document.getElementById('sign-in') as HTMLFormElement).hidden).toBe(false)
    expect(document.querySelector('#figures section')).toBeNull()
  })
})
