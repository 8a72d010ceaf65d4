// What the host is told when a request fails: our own errors as they are, a chain node's
// one-line reason with its code, anything else 'Something went wrong' (§8) and a log entry.
import { describe, expect, it, vi } from 'vitest'
import { FrameError } from '../frameError.ts'
import { REQUEST_ABORTED } from '../protocol/rpcRules.ts'
import { ApiError } from './apiError.ts'
import { ApprovalAborted } from './approval.ts'
import { abortable, describeError } from './describeError.ts'
import { SOMETHING_WENT_WRONG } from './errors.ts'
import { KeyError } from './keys.ts'
import { createLogger, type Logger } from './logger.ts'
import { NotConnectedError } from './wallet.ts'

function logger() {
  return { ...createLogger(), warn: vi.fn(), error: vi.fn() } satisfies Logger
}

/** An error as viem throws it: a long message, a one-line shortMessage, maybe a code */
function viemError(shortMessage: unknown, code?: unknown) {
  return Object.assign(new Error(`${String(shortMessage)}\n\nRequest body: {...}\nVersion: viem`), {
    shortMessage,
    ...(code !== undefined && { code }),
  })
}

describe('describeError', () => {
  it('our own errors keep their text, and their code only when they have one', () => {
    const log = logger()
    expect(describeError(new FrameError('User rejected', 4001), log)).toEqual({
      message: 'User rejected',
      code: 4001,
    })
    expect(describeError(new FrameError('Invalid params'), log)).toStrictEqual({
      message: 'Invalid params',
    })
    expect(describeError(new ApiError('Invalid code', 400), log)).toEqual({
      message: 'Invalid code',
    })
    expect(describeError(new NotConnectedError(), log)).toEqual({
      message: new NotConnectedError().message,
    })
    expect(describeError(new KeyError('The key could not be read'), log)).toEqual({
      message: 'The key could not be read',
    })
    expect(describeError(new ApprovalAborted('closed'), log)).toEqual({ message: REQUEST_ABORTED })
    expect(log.warn).not.toHaveBeenCalled()
    expect(log.error).not.toHaveBeenCalled()
  })

  it("a chain node's failure: its one-line reason and numeric code, logged as a warning", () => {
    const log = logger()
    const error = viemError('Execution reverted.', -32000)
    expect(describeError(error, log)).toEqual({ message: 'Execution reverted.', code: -32000 })
    expect(log.warn).toHaveBeenCalledWith('request failed', error)
    expect(describeError(viemError('Nonce too low.', 'NONCE'), log)).toStrictEqual({
      message: 'Nonce too low.',
    })
  })

  it('a reason longer than 1,024 characters (a revert reason, say) is cut there', () => {
    const reason = `Execution reverted: ${'x'.repeat(2_000)}`
    const described = describeError(viemError(reason, 3), logger())
    expect(described).toEqual({ message: reason.slice(0, 1_024), code: 3 })
    expect(describeError(new FrameError('y'.repeat(1_500)), logger()).message).toHaveLength(1_024)
  })

  it('anything else is Something went wrong, its detail only in the log', () => {
    for (const error of [
      new Error('secret detail 0xdeadbeef'),
      viemError(42),
      { shortMessage: 'not an Error', code: 1 },
      'a string',
      undefined,
    ]) {
      const log = logger()
      expect(describeError(error, log)).toEqual({ message: SOMETHING_WENT_WRONG })
      expect(log.error).toHaveBeenCalledWith('unexpected failure', error)
      expect(log.warn).not.toHaveBeenCalled()
    }
  })
})

describe('abortable', () => {
  it('gives the work its result, and lets go of the signal after', async () => {
    const controller = new AbortController()
    const remove = vi.spyOn(controller.signal, 'removeEventListener')
    await expect(abortable(Promise.resolve(7), controller.signal)).resolves.toBe(7)
    expect(remove).toHaveBeenCalledWith('abort', expect.any(Function))
    await expect(abortable(Promise.reject(new Error('no')), controller.signal)).rejects.toThrow(
      'no',
    )
  })

  it('an abort ends the wait with the request-aborted error, also when it came first', async () => {
    const controller = new AbortController()
    const waiting = abortable(new Promise(() => {}), controller.signal)
    controller.abort()
    await expect(waiting).rejects.toEqual(new FrameError(REQUEST_ABORTED))
    await expect(abortable(Promise.resolve(1), controller.signal)).rejects.toThrow(REQUEST_ABORTED)
  })
})
