// The project operations the CLI and the admin API share, on a real database.
import { describe, expect, it } from 'vitest'
import { findProject } from '../db/projects.ts'
import { AdminError } from '../errors.ts'
import { remoteFeaturesOf } from '../routes/config.ts'
import { availableDatabases } from '../testing/databases.ts'
import { useStoreDatabase } from '../testing/storeDatabase.ts'
import {
  changeOrigins,
  createProject,
  getProject,
  hashToken,
  listProjects,
  PROJECT_TOKEN_PREFIX,
  rotateToken,
  setFeatures,
} from './projectStore.ts'

describe.each(availableDatabases())('projects on $name', (database) => {
  const opened = useStoreDatabase(database)

  it('creates a project with a fresh id, normalised origins and a token kept only as its hash', async () => {
    const { db } = opened()
    const { project, token } = await createProject(db, {
      name: '  Shop  ',
      origins: ['https://Shop.example/', 'https://shop.example'],
    })
    expect(project).toMatchObject({
      name: 'Shop',
      allowedOrigins: ['https://shop.example'],
      features: {},
      hasToken: true,
    })
    expect(project.projectId).toMatch(/^[0-9a-f]{32}$/)
    expect(token.startsWith(PROJECT_TOKEN_PREFIX)).toBe(true)
    const row = await findProject(db, project.projectId)
    expect(row?.token_hash).toBe(hashToken(token))
    expect(JSON.stringify(row)).not.toContain(token)
    const other = await createProject(db, { name: 'Other' })
    expect(other.project.projectId).not.toBe(project.projectId)
    expect(other.token).not.toBe(token)
    const ids = (await listProjects(db)).map((listed) => listed.projectId)
    expect(ids).toEqual(expect.arrayContaining([project.projectId, other.project.projectId]))
  })

  it('refuses an empty or overlong name and a bad origin, creating nothing', async () => {
    const { db } = opened()
    const before = (await listProjects(db)).length
    await expect(createProject(db, { name: '  ' })).rejects.toThrow('1 to 100 characters')
    await expect(createProject(db, { name: 'x'.repeat(101) })).rejects.toThrow('1 to 100')
    await expect(createProject(db, { name: 'A', origins: ['https://a.com/x'] })).rejects.toThrow(
      "'https://a.com/x' is not an origin",
    )
    expect((await listProjects(db)).length).toBe(before)
  })

  it('adds and removes origins; two changes at once both land', async () => {
    const { db } = opened()
    const { project } = await createProject(db, { name: 'Origins', origins: ['https://a.com'] })
    const id = project.projectId
    await Promise.all([
      changeOrigins(db, id, { add: ['https://b.com'] }),
      changeOrigins(db, id, { add: ['https://c.com', 'https://a.com'] }),
    ])
    expect((await getProject(db, id)).allowedOrigins.sort()).toEqual([
      'https://a.com',
      'https://b.com',
      'https://c.com',
    ])
    const removed = await changeOrigins(db, id, { remove: ['https://B.com/'] })
    expect(removed.allowedOrigins.sort()).toEqual(['https://a.com', 'https://c.com'])
    expect(Date.parse(removed.updatedAt)).toBeGreaterThanOrEqual(Date.parse(project.updatedAt))
    // What the routes read: the CORS check and /projects/v1/origins use the stored row.
    expect((await findProject(db, id))?.allowed_origins.sort()).toEqual(removed.allowedOrigins)
  })

  it('overrides features, and null returns one to the default the config route answers', async () => {
    const { db } = opened()
    const { project } = await createProject(db, { name: 'Features' })
    const id = project.projectId
    await setFeatures(db, id, { swaps: false, socials: ['google'] })
    let row = await findProject(db, id)
    expect(row && remoteFeaturesOf(row)).toMatchObject({ swaps: false, socials: ['google'] })
    const view = await setFeatures(db, id, { swaps: null, emailCapture: true })
    expect(view.features).toEqual({ socials: ['google'], emailCapture: true })
    row = await findProject(db, id)
    expect(row && remoteFeaturesOf(row)).toMatchObject({ swaps: true, emailCapture: true })
  })

  it('rotating a token replaces its hash: the old token matches nothing', async () => {
    const { db } = opened()
    const { project, token } = await createProject(db, { name: 'Rotate' })
    const next = await rotateToken(db, project.projectId)
    expect(next).not.toBe(token)
    const row = await findProject(db, project.projectId)
    expect(row?.token_hash).toBe(hashToken(next))
  })

  it('an unknown project is a 404 AdminError for every operation', async () => {
    const { db } = opened()
    const missing = 'f'.repeat(32)
    // Each refusal caught as it comes: one that lands while another is awaited is not unhandled.
    const attempts = [
      getProject(db, missing),
      changeOrigins(db, missing, { add: ['https://a.com'] }),
      setFeatures(db, missing, { swaps: false }),
      rotateToken(db, missing),
    ].map((attempt) => attempt.catch((caught: unknown) => caught))
    for (const attempt of attempts) {
      const error = await attempt
      expect(error).toBeInstanceOf(AdminError)
      expect(error).toMatchObject({ status: 404, message: `No project '${missing}'` })
    }
  })
})
