import pino, { type Logger } from 'pino'

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent'

/** JSON lines on stdout. Under Vitest the default is silent. */
export function createLogger(level?: LogLevel): Logger {
  const fallback: LogLevel = process.env.VITEST ? 'silent' : 'info'
  const fromEnv = process.env.LOG_LEVEL as LogLevel | undefined
  return pino({ name: 'latchkey-server', level: level ?? fromEnv ?? fallback })
}
