// The local stack's inbox: the mails the SMTP capture received, for the frame's dev tools and
// e2e tests. Served only in development mode, when startServer is given `mailInbox`; only the
// local pages may read it from a browser (any other site the developer visits would read codes).
import { createRoute, type OpenAPIHono, z } from '@hono/zod-openapi'
import { cors } from 'hono/cors'
import type { AppEnv } from '../env.ts'
import { ErrorSchema } from '../routes/params.ts'

/** @latchkey/devnet's CapturedMail, typed here so the server does not depend on the devnet */
export interface InboxMail {
  id: string
  to: string[]
  from: string
  subject: string
  text: string
  receivedAt: string
}

export interface MailInbox {
  /** Newest first */
  mails(): InboxMail[]
}

const MailSchema = z
  .object({
    id: z.string(),
    to: z.array(z.string()),
    from: z.string(),
    subject: z.string(),
    text: z.string(),
    receivedAt: z.string(),
  })
  .openapi('CapturedMail')

export const getMailsRoute = createRoute({
  method: 'get',
  path: '/dev/v1/mails',
  summary: 'Local stack only: the mails the SMTP capture received, newest first',
  request: {
    query: z.object({
      to: z
        .string({ error: 'must be given once' })
        .max(254, { error: 'must be at most 254 characters' })
        .optional()
        .openapi({ description: 'Only mails to this address (case-insensitive)' }),
    }),
  },
  responses: {
    200: {
      description: 'The mails',
      content: { 'application/json': { schema: z.object({ mails: z.array(MailSchema) }) } },
    },
    400: { description: 'Bad query', content: { 'application/json': { schema: ErrorSchema } } },
  },
})

export function registerDevInbox(
  app: OpenAPIHono<AppEnv>,
  inbox: MailInbox,
  origins: readonly string[],
) {
  app.use(getMailsRoute.getRoutingPath(), cors({ origin: [...origins] }))
  app.openapi(getMailsRoute, (c) => {
    const to = c.req.valid('query').to?.trim().toLowerCase()
    const mails = inbox
      .mails()
      .filter((mail) => !to || mail.to.some((address) => address.toLowerCase() === to))
      .map(({ id, to, from, subject, text, receivedAt }) => ({
        id,
        to,
        from,
        subject,
        text,
        receivedAt,
      }))
    return c.json({ mails }, 200)
  })
}
