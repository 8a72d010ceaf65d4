/** The JSON body of a refused request (the `{ message }` auth bodies are errors/auth.ts). */
export interface ErrorBody {
  error: string
  code?: string
}

/** docs/architecture.md "The local stack": every 400 names the parameter at fault */
export function invalidParameter(name: string, reason: string): ErrorBody {
  return { error: `Invalid parameter '${name}': ${reason}` }
}
