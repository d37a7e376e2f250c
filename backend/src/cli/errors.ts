// Every way `start` can fail, as one line: what went wrong and what to do about it. Stack traces
// are for LOG_LEVEL=debug only.
import { describePortInUse } from '../port-owner.ts'

/** The errors whose message is written for the person at the terminal. */
const EXPLAINED = new Set([
  'BackupError',
  'ConfigError',
  'DataFolderError',
  'DatabaseStartError',
  'MigrationError',
  'PortInUseError',
  'ServeError',
])

export async function describeError(error: unknown): Promise<string> {
  if (!(error instanceof Error)) return oneLine(String(error))
  if (EXPLAINED.has(error.name)) return oneLine(error.message)
  const e = error as NodeJS.ErrnoException & { port?: number; address?: string }
  // A port taken between the check and the listen.
  if (e.code === 'EADDRINUSE' && typeof e.port === 'number') {
    return describePortInUse(e.port, `${e.address ?? '127.0.0.1'}`, 'the matching --*-port flag')
  }
  if (e.code?.startsWith('ERR_PARSE_ARGS')) {
    return `${oneLine(error.message)} (npm run backend -- --help lists the options)`
  }
  if (e.code === 'EACCES' || e.code === 'EPERM' || e.code === 'EROFS') {
    return oneLine(`${e.message}. Check the permissions of that path, or choose another folder.`)
  }
  return `${oneLine(error.message) || error.name} (LOG_LEVEL=debug shows where it came from)`
}

function oneLine(text: string): string {
  return text.replace(/\s*\n\s*/g, ' ').trim()
}
