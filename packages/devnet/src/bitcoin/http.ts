// The chain's HTTP side: Esplora's REST API (routes.ts) on node:http, CORS open to every origin
// (the modal reads it from the browser), bodies up to Esplora's 1 MB, errors as plain text.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { type BitcoinChain, InvalidBitcoinRequest } from './chain.ts'
import { MAX_REQUEST_BODY_BYTES } from './constants.ts'
import { FaucetDry } from './faucet.ts'
import { BitcoinTransactionRejected } from './reject.ts'
import { createRoutes, HttpError, type Reply, type Route } from './routes.ts'

const CORS_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, OPTIONS',
  'access-control-max-age': '86400',
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length
    if (size > MAX_REQUEST_BODY_BYTES) throw new HttpError(413, 'Request body too large')
    chunks.push(chunk)
  }
  return Buffer.concat(chunks).toString('utf8')
}

function send(response: ServerResponse, reply: Reply): void {
  const [type, body] =
    'json' in reply
      ? ['application/json', JSON.stringify(reply.json)]
      : 'bytes' in reply
        ? ['application/octet-stream', reply.bytes]
        : ['text/plain', reply.text]
  response.writeHead(reply.status, { ...CORS_HEADERS, 'content-type': type })
  response.end(body)
}

function errorReply(error: unknown): Reply {
  if (error instanceof HttpError) return { status: error.status, text: error.message }
  if (error instanceof BitcoinTransactionRejected) return { status: 400, text: error.esploraText }
  if (error instanceof InvalidBitcoinRequest || error instanceof FaucetDry) {
    return { status: 400, text: error.message }
  }
  return { status: 500, text: error instanceof Error ? error.message : String(error) }
}

async function handle(route: Route, request: IncomingMessage): Promise<Reply> {
  const { pathname } = new URL(request.url ?? '/', 'http://esplora')
  let segments: string[]
  try {
    segments = pathname.split('/').slice(1).map(decodeURIComponent)
  } catch {
    throw new HttpError(400, 'malformed percent-encoding in the path')
  }
  if (segments.at(-1) === '') segments.pop()
  const reply = await route({
    method: request.method ?? 'GET',
    segments,
    body: () => readBody(request),
  })
  return reply ?? { status: 404, text: `endpoint does not exist ${JSON.stringify(pathname)}` }
}

export function createEsploraServer(chain: BitcoinChain): Server {
  const route = createRoutes(chain)
  return createServer((request, response) => {
    if (request.method === 'OPTIONS') {
      response.writeHead(204, {
        ...CORS_HEADERS,
        'access-control-allow-headers':
          request.headers['access-control-request-headers'] ?? 'content-type',
      })
      response.end()
      return
    }
    handle(route, request)
      .catch(errorReply)
      .then((reply) => {
        if (!response.headersSent) send(response, reply)
      })
      .catch(() => response.destroy())
  })
}
