import type { HttpBindings } from '@hono/node-server'
import type { ProjectRow } from './db/schema.ts'

/** Hono environment of the app. Bindings are absent when the app is called in-process. */
export interface AppEnv {
  Bindings: Partial<HttpBindings>
  Variables: {
    /** Set by the project middleware on every project-scoped route */
    project: ProjectRow
    /** The RFC 7638 thumbprint of the key whose DPoP proof came with an auth request (auth/dpop.ts) */
    dpopJkt?: string
  }
}
