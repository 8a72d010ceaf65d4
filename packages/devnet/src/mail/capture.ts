// The local stand-in for email delivery (docs/architecture.md "Real stand-ins"): an SMTP server that keeps
// what it receives in memory, so the stack and the tests can read the mails the server sent.
import { randomUUID } from 'node:crypto'
import { SMTPServer } from 'smtp-server'

/** docs/architecture.md "The local stack": SMTP capture on 2525, env SMTP_PORT */
export const DEFAULT_SMTP_PORT = 2525
/** The largest message accepted (SMTP SIZE); bigger ones are refused with 552 */
export const MAX_MAIL_BYTES = 1024 * 1024
/** Mails kept in memory; the oldest go first */
export const MAX_CAPTURED_MAILS = 500

export interface CapturedMail {
  id: string
  /** The envelope's recipients */
  to: string[]
  /** The From header, decoded (the envelope sender when there is none) */
  from: string
  subject: string
  /** The text/plain body, decoded, with \n line ends */
  text: string
  /** ISO 8601 */
  receivedAt: string
}

export interface StartMailCaptureOptions {
  /** Default SMTP_PORT or 2525; 0 picks a free port */
  port?: number
  host?: string
}

export interface MailCapture {
  host: string
  port: number
  /** Newest first */
  mails(): CapturedMail[]
  /**
   * The newest mail to `to` (case-insensitive) that passes `predicate`: one already received, or
   * the next one to arrive within `timeoutMs`.
   */
  waitForMail(
    to: string,
    predicate?: (mail: CapturedMail) => boolean,
    timeoutMs?: number,
  ): Promise<CapturedMail>
  stop(): Promise<void>
}

function defaultPort(): number {
  const value = Number(process.env.SMTP_PORT)
  return Number.isInteger(value) && value > 0 && value < 65_536 ? value : DEFAULT_SMTP_PORT
}

export async function startMailCapture(
  options: StartMailCaptureOptions = {},
): Promise<MailCapture> {
  const host = options.host ?? '127.0.0.1'
  const mails: CapturedMail[] = []
  const waiters = new Set<(mail: CapturedMail) => void>()

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    size: MAX_MAIL_BYTES,
    logger: false,
    banner: 'Latchkey mail capture',
    closeTimeout: 1000,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('error', callback)
      stream.on('end', () => {
        if (stream.sizeExceeded) {
          const error = Object.assign(new Error('Message too large'), { responseCode: 552 })
          callback(error)
          return
        }
        const parsed = parseMail(Buffer.concat(chunks))
        const mail: CapturedMail = {
          id: randomUUID(),
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          from: parsed.from || (session.envelope.mailFrom || { address: '' }).address,
          subject: parsed.subject,
          text: parsed.text,
          receivedAt: new Date().toISOString(),
        }
        mails.unshift(mail)
        mails.length = Math.min(mails.length, MAX_CAPTURED_MAILS)
        for (const waiter of waiters) waiter(mail)
        callback()
      })
    },
  })

  // A client gone mid-mail (a server killed while it sent) only loses that mail, which it never
  // saw accepted; smtp-server would otherwise throw its ECONNRESET at the process.
  server.on('error', () => {})
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject)
    server.listen(options.port ?? defaultPort(), host, () => {
      server.server.off('error', reject)
      resolve()
    })
  })
  const address = server.server.address()
  if (address === null || typeof address === 'string') throw new Error('SMTP capture has no port')

  let stopping: Promise<void> | undefined
  return {
    host,
    port: address.port,
    mails: () => [...mails],
    waitForMail(to, predicate = () => true, timeoutMs = 10_000) {
      const wanted = to.trim().toLowerCase()
      const matches = (mail: CapturedMail) =>
        mail.to.some((address) => address.toLowerCase() === wanted) && predicate(mail)
      const found = mails.find(matches)
      if (found) return Promise.resolve(found)
      return new Promise((resolve, reject) => {
        const waiter = (mail: CapturedMail) => {
          if (!matches(mail)) return
          clearTimeout(timer)
          waiters.delete(waiter)
          resolve(mail)
        }
        const timer = setTimeout(() => {
          waiters.delete(waiter)
          reject(new Error(`No mail to ${to} within ${timeoutMs} ms`))
        }, timeoutMs)
        waiters.add(waiter)
      })
    },
    stop() {
      stopping ??= new Promise((resolve) => server.close(() => resolve()))
      return stopping
    },
  }
}

// ---- RFC 5322 / MIME parsing: only what a text mail needs ----

interface Part {
  headers: Map<string, string>
  /** The raw body, one character per byte (latin1) */
  body: string
}

/** Splits headers (unfolded, names lower-cased, first occurrence wins) from the body. */
function parsePart(raw: string): Part {
  const match = /\r?\n\r?\n/.exec(raw)
  const head = match ? raw.slice(0, match.index) : raw
  const body = match ? raw.slice(match.index + match[0].length) : ''
  const headers = new Map<string, string>()
  for (const line of head.replace(/\r?\n(?=[ \t])/g, '').split(/\r?\n/)) {
    const colon = line.indexOf(':')
    if (colon <= 0) continue
    const name = line.slice(0, colon).trim().toLowerCase()
    if (!headers.has(name)) headers.set(name, line.slice(colon + 1).trim())
  }
  return { headers, body }
}

function decodeBytes(bytes: Uint8Array, charset = 'utf-8'): string {
  try {
    return new TextDecoder(charset.trim().toLowerCase()).decode(bytes)
  } catch {
    return new TextDecoder('utf-8').decode(bytes)
  }
}

/** latin1 text (one char per byte) back to bytes */
const bytesOf = (binary: string) => Buffer.from(binary, 'latin1')

function quotedPrintableBytes(text: string, encodedWord = false): Buffer {
  const unwrapped = encodedWord
    ? text.replaceAll('_', ' ')
    : // Whitespace ending a line was added in transport (RFC 2045 §6.7); `=` ends a soft break
      text.replace(/[ \t]+(?=\r?\n|$)/g, '').replace(/=\r?\n/g, '')
  return bytesOf(
    unwrapped.replace(/=([0-9A-Fa-f]{2})/g, (_, hex: string) =>
      String.fromCharCode(Number.parseInt(hex, 16)),
    ),
  )
}

/** RFC 2047 encoded-words; whitespace between two adjacent ones is dropped. */
export function decodeHeader(value: string): string {
  const text = decodeBytes(bytesOf(value)) // RFC 6532: raw UTF-8 in headers
  return text
    .replace(/(\?=)\s+(?==\?)/g, '$1')
    .replace(
      /=\?([^?*]+)(?:\*[^?]*)?\?([BbQq])\?([^?]*)\?=/g,
      (_, charset: string, encoding: string, data: string) => {
        const bytes =
          encoding.toUpperCase() === 'B'
            ? Buffer.from(data, 'base64')
            : quotedPrintableBytes(data, true)
        return decodeBytes(bytes, charset)
      },
    )
}

/** `type/subtype; name=value; name="quoted value"` */
function parseContentType(value: string | undefined): {
  type: string
  params: Map<string, string>
} {
  const [type = '', ...rest] = (value ?? 'text/plain').split(';')
  const params = new Map<string, string>()
  for (const param of rest) {
    const eq = param.indexOf('=')
    if (eq <= 0) continue
    const raw = param.slice(eq + 1).trim()
    const unquoted = raw.startsWith('"') ? raw.slice(1, raw.lastIndexOf('"')) : raw
    params.set(param.slice(0, eq).trim().toLowerCase(), unquoted.replace(/\\(.)/g, '$1'))
  }
  return { type: type.trim().toLowerCase() || 'text/plain', params }
}

function decodeBody(part: Part, charset?: string): string {
  const encoding = (part.headers.get('content-transfer-encoding') ?? '7bit').trim().toLowerCase()
  const bytes =
    encoding === 'base64'
      ? Buffer.from(part.body.replace(/[^A-Za-z0-9+/=]/g, ''), 'base64')
      : encoding === 'quoted-printable'
        ? quotedPrintableBytes(part.body)
        : bytesOf(part.body)
  return decodeBytes(bytes, charset).replace(/\r\n/g, '\n')
}

/** The decoded text/plain body: the part itself, or the first one inside a multipart. */
function plainText(part: Part, depth = 0): string | undefined {
  const { type, params } = parseContentType(part.headers.get('content-type'))
  if (type.startsWith('multipart/')) {
    const boundary = params.get('boundary')
    if (!boundary || depth > 8) return undefined
    const delimiter = `--${boundary}`
    const sections = part.body.split(new RegExp(`(?:^|\\r?\\n)${escapeRegExp(delimiter)}`))
    // sections[0] is the preamble; the closing delimiter's section starts with "--"
    for (const section of sections.slice(1)) {
      if (section.startsWith('--')) break
      const text = plainText(parsePart(section.replace(/^[ \t]*\r?\n/, '')), depth + 1)
      if (text !== undefined) return text
    }
    return undefined
  }
  return type === 'text/plain' ? decodeBody(part, params.get('charset')) : undefined
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

/** Subject, From and the text/plain body of an RFC 5322 message. */
export function parseMail(raw: Buffer): { from: string; subject: string; text: string } {
  const message = parsePart(raw.toString('latin1'))
  return {
    from: decodeHeader(message.headers.get('from') ?? ''),
    subject: decodeHeader(message.headers.get('subject') ?? ''),
    text: plainText(message) ?? '',
  }
}
