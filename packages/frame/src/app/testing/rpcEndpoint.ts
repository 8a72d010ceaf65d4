// Test support only: an RPC endpoint on loopback that answers as the test says (a node that is
// down, slow, or answers garbage is what the frame must survive).
import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface SeenCall {
  headers: IncomingHttpHeaders
  body: unknown
}

/** What the endpoint answers next: a status and a raw body, or nothing ever (it hangs). */
export type EndpointAnswer = { status: number; body: string } | 'hang'

export const jsonAnswer = (value: unknown): EndpointAnswer => ({
  status: 200,
  body: JSON.stringify(value),
})

export async function startRpcEndpoint() {
  const seen: SeenCall[] = []
  const hanging: (() => void)[] = []
  const counts = { dropped: 0 }
  const state: { answer: EndpointAnswer } = {
    answer: jsonAnswer({ jsonrpc: '2.0', id: 1, result: '0x10' }),
  }
  const server = createServer((request, response) => {
    response.on('close', () => {
      if (!response.writableFinished) counts.dropped++
    })
    let raw = ''
    request.on('data', (chunk) => {
      raw += chunk
    })
    request.on('end', () => {
      seen.push({ headers: request.headers, body: JSON.parse(raw) })
      const { answer } = state
      if (answer === 'hang') {
        hanging.push(() => response.end())
        return
      }
      response.writeHead(answer.status, { 'Content-Type': 'application/json' })
      response.end(answer.body)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    /** Calls received, oldest first */
    seen,
    /** Calls whose caller closed the connection before the answer */
    get dropped() {
      return counts.dropped
    },
    /** Sets the answer to every call from now on */
    answerWith(answer: EndpointAnswer) {
      state.answer = answer
    },
    async close() {
      for (const end of hanging.splice(0)) end()
      await new Promise((resolve) => server.close(resolve))
    },
  }
}

/** A loopback port nothing listens on */
export async function closedPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise((resolve) => server.close(resolve))
  return port
}
