// /admin/v1/* on a real server: only the admin token (or a project's own token, for that
// project) opens it, and what it changes is what the project's routes answer next.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN_TOKEN_ENV, DEMO_PROJECT_ID, MIN_ADMIN_TOKEN_LENGTH } from '../constants.ts'
import { availableDatabases, startTestServer, type TestServer } from '../testing/databases.ts'

const ADMIN_TOKEN = `${'a'.repeat(24)}dmin-token-for-tests`
const database = availableDatabases()[0]
if (!database) throw new Error('no test database')

let service: TestServer
beforeAll(async () => {
  service = await startTestServer(database, { adminToken: ADMIN_TOKEN })
})
afterAll(() => service.stop())

function call(
  path: string,
  token: string | undefined,
  init: { method?: string; body?: unknown } = {},
) {
  return service.request(`/admin/v1${path}`, {
    method: init.method ?? 'GET',
    headers: {
      ...(token !== undefined && { authorization: `Bearer ${token}` }),
      ...(init.body !== undefined && { 'content-type': 'application/json' }),
    },
    ...(init.body !== undefined && { body: JSON.stringify(init.body) }),
  })
}

async function created(name: string, origins: string[] = []) {
  const answer = await call('/projects', ADMIN_TOKEN, { method: 'POST', body: { name, origins } })
  expect(answer.status).toBe(201)
  return (await answer.json()) as { project: { projectId: string }; token: string }
}

describe('the admin API', () => {
  it.each([
    ['no token', undefined],
    ['a wrong token', 'b'.repeat(44)],
    ['the admin token with one character changed', `${ADMIN_TOKEN.slice(0, -1)}X`],
    ['a malformed header value', 'two words'],
  ])('refuses %s with 401 and a Bearer challenge', async (_, token) => {
    const answer = await call('/projects', token)
    expect(answer.status).toBe(401)
    expect(answer.headers.get('www-authenticate')).toMatch(/^Bearer /)
    expect(answer.headers.get('cache-control')).toBe('no-store')
    expect(await answer.json()).toEqual({ error: 'Admin token missing or wrong' })
  })

  it('creates a project that the services then answer for, from the origins it was given', async () => {
    const { project, token } = await created('Shop', ['https://shop.example'])
    expect(token).toMatch(/^lkp_/)
    const listed = await (await call('/projects', ADMIN_TOKEN)).json()
    expect(listed.projects.map((p: { projectId: string }) => p.projectId)).toContain(
      project.projectId,
    )
    const config = await service.request(`/appkit/v1/config?projectId=${project.projectId}`, {
      headers: { origin: 'https://shop.example' },
    })
    expect(config.status).toBe(200)
    expect(config.headers.get('access-control-allow-origin')).toBe('https://shop.example')
    const foreign = await service.request(`/appkit/v1/config?projectId=${project.projectId}`, {
      headers: { origin: 'https://evil.example' },
    })
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull()
  })

  it('changes origins and features; the config and origins routes answer the change', async () => {
    const { project } = await created('Changes')
    const id = project.projectId
    const added = await call(`/projects/${id}/origins`, ADMIN_TOKEN, {
      method: 'POST',
      body: { add: ['https://new.example'] },
    })
    expect(added.status).toBe(200)
    const origins = await (await service.request(`/projects/v1/origins?projectId=${id}`)).json()
    expect(origins.allowedOrigins).toEqual(['https://new.example'])
    const features = await call(`/projects/${id}/features`, ADMIN_TOKEN, {
      method: 'PATCH',
      body: { swaps: false, socials: ['github'] },
    })
    expect(features.status).toBe(200)
    const config = await (await service.request(`/appkit/v1/config?projectId=${id}`)).json()
    expect(config.features).toMatchObject({ swaps: false, socials: ['github'], email: true })
  })

  it("a project's token opens that project only, and stops working once rotated", async () => {
    const mine = await created('Mine')
    const theirs = await created('Theirs')
    const id = mine.project.projectId
    expect((await call(`/projects/${id}`, mine.token)).status).toBe(200)
    expect((await call(`/projects/${theirs.project.projectId}`, mine.token)).status).toBe(401)
    expect((await call('/projects', mine.token)).status).toBe(401)
    expect(
      (await call('/projects', mine.token, { method: 'POST', body: { name: 'x' } })).status,
    ).toBe(401)
    const rotated = await call(`/projects/${id}/token`, mine.token, { method: 'POST' })
    const { token } = (await rotated.json()) as { token: string }
    expect((await call(`/projects/${id}`, mine.token)).status).toBe(401)
    expect((await call(`/projects/${id}`, token)).status).toBe(200)
  })

  it('bad input is a 400 that names what is wrong; an unknown project a 404', async () => {
    const cases: [string, string, unknown, string][] = [
      ['/projects', 'POST', { name: '' }, 'A project name is 1 to 100 characters'],
      ['/projects', 'POST', { name: 'A', origins: ['https://a.com/path'] }, 'is not an origin'],
      ['/projects', 'POST', { name: 'A', extra: 1 }, 'Invalid body'],
      ['/projects', 'POST', { name: 42 }, 'Invalid name'],
      [`/projects/${DEMO_PROJECT_ID}/features`, 'PATCH', { swaps: 'no' }, 'Invalid swaps'],
      [
        `/projects/${DEMO_PROJECT_ID}/features`,
        'PATCH',
        { socials: ['myspace'] },
        'Invalid socials',
      ],
    ]
    for (const [path, method, body, text] of cases) {
      const answer = await call(path, ADMIN_TOKEN, { method, body })
      expect(answer.status, `${method} ${path} ${JSON.stringify(body)}`).toBe(400)
      expect((await answer.json()).error).toContain(text)
    }
    const notJson = await service.request('/admin/v1/projects', {
      method: 'POST',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
      body: '{',
    })
    expect(notJson.status).toBe(400)
    const missing = await call(`/projects/${'0'.repeat(32)}`, ADMIN_TOKEN)
    expect(missing.status).toBe(404)
  })
})

describe('without an admin token', () => {
  it('the admin API is not served at all, and a short token is refused at start', async () => {
    const plain = await startTestServer(database)
    try {
      expect((await plain.request('/admin/v1/projects')).status).toBe(404)
    } finally {
      await plain.stop()
    }
    await expect(startTestServer(database, { adminToken: 'short' })).rejects.toThrow(
      `${ADMIN_TOKEN_ENV} must be at least ${MIN_ADMIN_TOKEN_LENGTH} characters`,
    )
  })
})
