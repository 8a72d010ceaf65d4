// What a failed auth API call rejects with (api.ts): the server's `message` verbatim, or §8
// 'HTTP status code: N'.

export class ApiError extends Error {
  override name = 'ApiError'
  constructor(
    message: string,
    /** HTTP status; 0 when the server was not reached or answered nonsense */
    readonly status: number,
  ) {
    super(message)
  }
}

/** An HTTP answer that asking again will not change: a 4xx other than 429 */
export const isFinal = (error: unknown) =>
  error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 429

export const NOT_REACHED = 'Could not reach the server'
export const TIMED_OUT = 'The server did not answer in time'
export const BAD_RESPONSE = 'Unexpected response from the server'

const MAX_MESSAGE = 1024

export async function errorFrom(response: Response): Promise<ApiError> {
  let message = `HTTP status code: ${response.status}`
  try {
    const body: unknown = await response.json()
    if (typeof body === 'object' && body !== null) {
      const text = (body as { message?: unknown }).message
      if (typeof text === 'string' && text.trim()) message = text.slice(0, MAX_MESSAGE)
    }
  } catch {
    // no JSON body: the status text above
  }
  return new ApiError(message, response.status)
}
