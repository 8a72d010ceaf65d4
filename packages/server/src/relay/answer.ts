// How a call's outcome goes back to its socket: the error, or the result and then the deliveries
// the call caused; a call whose messages are being shared with the other instances is answered
// once they are (a failure there is an internal error, and the client publishes again).
import type { Logger } from 'pino'
import { JSON_RPC_ERROR_CODES } from '../constants/relay.ts'
import { relayInternalError } from '../errors/relay.ts'
import { type Connection, type Outcome, sendFrame } from './connection.ts'
import { errorReply, resultReply } from './jsonrpc.ts'

export function answerCall(
  conn: Connection,
  idText: string,
  outcome: Outcome,
  logger: Logger | undefined,
): void {
  if ('error' in outcome) {
    sendFrame(
      conn,
      errorReply(idText, outcome.error.code, outcome.error.message),
      undefined,
      logger,
    )
    return
  }
  const answer = () => {
    sendFrame(conn, resultReply(idText, outcome.result), outcome.written, logger)
    // Deliveries the call caused, after its answer (already sent: a failure is only logged).
    try {
      outcome.after?.()
    } catch (error) {
      logger?.error({ err: error, clientId: conn.clientId }, 'relay delivery failed')
    }
  }
  if (!outcome.ready) {
    answer()
    return
  }
  outcome.ready.then(answer, (error: unknown) => {
    logger?.error({ err: error, clientId: conn.clientId }, 'relay publish not shared')
    const reply = errorReply(idText, JSON_RPC_ERROR_CODES.internalError, relayInternalError)
    sendFrame(conn, reply, undefined, logger)
  })
}
