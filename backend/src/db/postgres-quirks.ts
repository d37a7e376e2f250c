// A known race in postgres.js (3.4.9, the latest): a query written while its connection is
// closing schedules the socket write with setImmediate; the connection's close sets the socket
// to null first, and the write then throws a TypeError outside any promise, which ends the
// process. It happens when PostgreSQL goes away under the stack (it was seen in `start` when
// PostgreSQL was killed): the stack would die with a stack trace instead of saying "PostgreSQL
// stopped unexpectedly" and stopping its services and state file in order. The write is moot
// (its connection is gone, and its query was already failed with CONNECTION_CLOSED), so the
// commands that run a stack let exactly that error pass; any other stays fatal as before.
// Likewise a socket whose listeners postgres.js removed while closing it can still report the
// peer's reset (ECONNRESET or EPIPE on a read or write): the connection's close has been handled,
// and the stack's own watch on PostgreSQL says what happened.
// And a connection's fetch of the array types after it connects (fetchArrayTypes, an async
// function whose promise nobody awaits) rejects unhandled when the connection fails during it:
// the connection's error (refused, reset, closed) arrives as an unhandled rejection. Its queries
// are failed the ordinary way; only that orphan promise is let pass.

/** The TypeError of postgres.js writing to the socket of a connection that has closed. */
export function isClosedSocketWrite(error: unknown): boolean {
  return (
    error instanceof TypeError &&
    /\(reading 'write'\)/.test(error.message) &&
    /[\\/]postgres[\\/]src[\\/]connection\.js/.test(error.stack ?? '')
  )
}

/** A socket's reset by its peer, reported after its connection was closed and handled. */
export function isLateSocketReset(error: unknown): boolean {
  const { code, syscall } = (error ?? {}) as { code?: unknown; syscall?: unknown }
  return (
    error instanceof Error &&
    (code === 'ECONNRESET' || code === 'EPIPE') &&
    (syscall === 'read' || syscall === 'write')
  )
}

const CONNECTION_FAILURES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'CONNECTION_CLOSED',
  'CONNECTION_DESTROYED',
  'CONNECTION_ENDED',
])

/** A connection's failure left as an unhandled rejection (postgres.js's fetch of array types). */
export function isOrphanConnectionFailure(error: unknown, origin: string): boolean {
  const { code } = (error ?? {}) as { code?: unknown }
  return (
    origin === 'unhandledRejection' &&
    error instanceof Error &&
    typeof code === 'string' &&
    CONNECTION_FAILURES.has(code)
  )
}

let installed = false

/**
 * Lets postgres.js's write after close, a late socket reset and an orphan connection failure
 * pass; every other uncaught exception ends the process.
 */
export function tolerateClosedSocketWrites(onTolerated: (error: Error) => void): void {
  if (installed) return
  installed = true
  process.on('uncaughtException', (error, origin) => {
    if (
      isClosedSocketWrite(error) ||
      isLateSocketReset(error) ||
      isOrphanConnectionFailure(error, origin)
    ) {
      return onTolerated(error)
    }
    process.stderr.write(`${error.stack ?? String(error)}\n`)
    process.exit(1)
  })
}
