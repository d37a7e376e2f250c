// A small leveled logger writing to stderr. LOG_LEVEL (debug, info, warn, error, silent) sets the floor.
// `serve` logs to stdout, one line per event (an error's stack only with LOG_LEVEL=debug), for
// journald or any log collector. No line carries a secret: each goes through redactText
// (redact.ts), which hides URLs' query values and path secrets and credential-shaped values.
import { redactText } from './redact.ts'

export interface Logger {
  debug(message: string, detail?: unknown): void
  info(message: string, detail?: unknown): void
  warn(message: string, detail?: unknown): void
  error(message: string, detail?: unknown): void
  child(scope: string): Logger
}

const levels = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 } as const
export type LogLevel = keyof typeof levels

export interface LogOptions {
  /** Every event on one line, to stdout (serve). */
  lines?: boolean
}

export function createLogger(
  level: LogLevel = envLevel(),
  scope = '',
  options: LogOptions = {}
): Logger {
  const floor = levels[level]
  const write = (at: Exclude<LogLevel, 'silent'>, message: string, detail?: unknown) => {
    if (levels[at] < floor) return
    const prefix = scope ? `[${scope}] ` : ''
    const suffix =
      detail === undefined ? '' : ` ${formatDetail(detail, options.lines && level !== 'debug')}`
    const text = redactText(
      `${at === 'info' ? '' : `${at.toUpperCase()}: `}${prefix}${message}${suffix}`
    )
    if (options.lines) process.stdout.write(`${text.replace(/\s*\n\s*/g, ' | ')}\n`)
    else process.stderr.write(`${text}\n`)
  }
  return {
    debug: (m, d) => write('debug', m, d),
    info: (m, d) => write('info', m, d),
    warn: (m, d) => write('warn', m, d),
    error: (m, d) => write('error', m, d),
    child: (name) => createLogger(level, scope ? `${scope}:${name}` : name, options),
  }
}

function envLevel(): LogLevel {
  const value = process.env.LOG_LEVEL
  return value !== undefined && value in levels ? (value as LogLevel) : 'info'
}

function formatDetail(detail: unknown, brief = false): string {
  if (detail instanceof Error) return brief ? detail.message : (detail.stack ?? detail.message)
  if (typeof detail === 'string') return detail
  try {
    return JSON.stringify(detail)
  } catch {
    return String(detail)
  }
}
