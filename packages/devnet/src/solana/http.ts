// The node's HTTP side: JSON-RPC on POST (any path, like Agave), `GET /health`, CORS open to
// every origin (a page calls it directly, as anvil allows), bodies up to 50 KiB.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { MAX_REQUEST_BODY_BYTES, RPC_ERROR_CODES } from './constants.ts'
import { handleJsonRpc } from './jsonrpc.ts'
import type { NodeContext, RpcMethod } from './rpc-method.ts'

const CORS_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'POST, GET, OPTIONS',
  'access-control-max-age': '86400',
}

function send(
  response: ServerResponse,
  status: number,
  body: string | undefined,
  type = 'application/json',
): void {
  response.writeHead(status, {
    ...CORS_HEADERS,
    ...(body !== undefined && { 'content-type': type }),
  })
  response.end(body)
}

function readBody(request: IncomingMessage): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    let tooLarge = false
    request.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size > MAX_REQUEST_BODY_BYTES) tooLarge = true
      else chunks.push(chunk)
    })
    request.on('end', () => resolve(tooLarge ? undefined : Buffer.concat(chunks).toString('utf8')))
    request.on('error', reject)
  })
}

async function handle(
  request: IncomingMessage,
  response: ServerResponse,
  methods: Readonly<Record<string, RpcMethod>>,
  node: NodeContext,
): Promise<void> {
  if (request.method === 'OPTIONS') {
    // Echo what the preflight asks for: kit sends `solana-client`, others their own headers.
    const asked = request.headers['access-control-request-headers']
    response.writeHead(204, {
      ...CORS_HEADERS,
      'access-control-allow-headers': asked ?? 'content-type',
      ...(request.headers['access-control-request-private-network'] === 'true' && {
        'access-control-allow-private-network': 'true',
      }),
    })
    response.end()
    return
  }
  if (request.method === 'GET' && new URL(request.url ?? '/', 'http://x').pathname === '/health') {
    send(response, 200, 'ok', 'text/plain')
    return
  }
  if (request.method !== 'POST') {
    send(
      response,
      405,
      'Used HTTP Method is not allowed. POST or OPTIONS is required',
      'text/plain',
    )
    return
  }
  const body = await readBody(request)
  if (body === undefined) {
    const error = {
      code: RPC_ERROR_CODES.invalidRequest,
      message: `Request body over ${MAX_REQUEST_BODY_BYTES} bytes`,
    }
    send(response, 413, JSON.stringify({ jsonrpc: '2.0', error, id: null }))
    return
  }
  const answer = await handleJsonRpc(body, methods, node)
  send(response, answer === undefined ? 204 : 200, answer)
}

export function createRpcServer(
  methods: Readonly<Record<string, RpcMethod>>,
  node: NodeContext,
): Server {
  return createServer((request, response) => {
    handle(request, response, methods, node).catch(() => {
      // Only a broken socket gets here (handleJsonRpc never throws).
      if (!response.headersSent) send(response, 400, undefined)
      else response.destroy()
    })
  })
}
