// The auth routes as the OpenAPI document describes them (clients are generated from it): each
// operation's summary, its projectId query, its session scheme and its answers; and the user
// patch's refusals with their texts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AUTH_MAX_USER_NAME_LENGTH } from '../constants/auth.ts'
import { availableDatabases, startTestServer, type TestServer } from '../testing/databases.ts'

interface Operation {
  summary?: string
  parameters?: { name: string; in: string }[]
  security?: Record<string, unknown>[]
  responses: Record<string, unknown>
  requestBody?: { content: Record<string, { schema: unknown }> }
}

let service: TestServer
let document: {
  paths: Record<string, Record<string, Operation>>
  components: { securitySchemes: Record<string, Record<string, unknown>> }
}

beforeAll(async () => {
  const [database] = availableDatabases()
  if (!database) throw new Error('no test database')
  service = await startTestServer(database)
  document = (await (await service.request('/openapi.json')).json()) as typeof document
})
afterAll(() => service.stop())

const operation = (path: string, method: string) => {
  const found = document.paths[path]?.[method]
  if (!found) throw new Error(`${method} ${path} is not documented`)
  return found
}

describe('the auth routes in the OpenAPI document', () => {
  it.each([
    ['/auth/v1/session', 'get', "The session's user", ['200', '401']],
    ['/auth/v1/session', 'delete', 'Signs out: the session is revoked', ['204', '401']],
    [
      '/auth/v1/wallet',
      'get',
      "The user's wrapping key and encrypted wallets, by namespace",
      ['200', '401'],
    ],
    [
      '/auth/v1/wallet',
      'put',
      'Stores a wallet of a namespace, encrypted in the frame with the wrapping key (once)',
      ['201', '401', '409'],
    ],
    [
      '/auth/v1/user',
      'patch',
      "Sets the user's chain id, preferred account type or user name",
      ['200', '401'],
    ],
  ])(
    '%s %s: summary, projectId, the session scheme and its answers',
    (path, method, summary, codes) => {
      const documented = operation(path, method)
      expect(documented.summary).toBe(summary)
      expect(documented.parameters?.map((p) => `${p.in}:${p.name}`)).toContain('query:projectId')
      expect(documented.security).toEqual([{ authSession: [] }])
      for (const code of codes) expect(Object.keys(documented.responses)).toContain(code)
    },
  )

  it('the session scheme is DPoP, described', () => {
    const scheme = document.components.securitySchemes.authSession
    expect(scheme).toMatchObject({ type: 'http', scheme: 'DPoP' })
    expect(String(scheme?.description)).toContain('DPoP proof header')
    // Where the token comes from, and how it is sent.
    expect(String(scheme?.description)).toContain(
      'The token of POST /auth/v1/otp or POST /auth/v1/social/connect, as `DPoP <token>`',
    )
  })

  it('the wallet answer names its keys and the eip155 wallet', () => {
    const answer = JSON.stringify(operation('/auth/v1/wallet', 'get').responses['200'])
    for (const key of ['wrappingKey', 'wallets', 'rotationDue', 'ciphertext', 'iv']) {
      expect(answer).toContain(`"${key}"`)
    }
    expect(answer).toContain('The eip155 wallet (null before its upload), as before wallets')
  })

  it('the user patch takes a chain id, an account type and a user name', () => {
    const body = JSON.stringify(operation('/auth/v1/user', 'patch').requestBody?.content)
    for (const key of ['chainId', 'preferredAccountType', 'userName']) {
      expect(body).toContain(`"${key}"`)
    }
    expect(body).toContain(`"maxLength":${AUTH_MAX_USER_NAME_LENGTH}`)
  })
})
