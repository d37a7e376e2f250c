// The data folder: where it is by default, its check before anything starts, and stack.json, the
// running stack's state that status, stop and the other commands read.
import { access, chmod, constants, mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'

/** The data folder cannot be created or written. */
export class DataFolderError extends Error {
  override name = 'DataFolderError'
}

export function defaultDataDir(workdir: string): string {
  return path.join(path.resolve(workdir), 'supabase', '.temp', 'local-stack')
}

/** Creates the data folder and makes sure it can be written, before anything is started. */
export async function prepareDataFolder(dataDir: string): Promise<void> {
  try {
    await mkdir(dataDir, { recursive: true })
    await access(dataDir, constants.W_OK | constants.X_OK)
  } catch (error) {
    const e = error as NodeJS.ErrnoException
    const reason =
      e.code === 'ENOTDIR' || e.code === 'EEXIST'
        ? 'a file is in the way'
        : `${e.code ?? 'error'}: ${(e.message.split(', ')[0] ?? e.message).replace(/^E[A-Z]+: /, '')}`
    throw new DataFolderError(
      `The data folder ${dataDir} cannot be created or written (${reason}). ` +
        `Choose another with --data-dir DIR.`
    )
  }
}

export interface StackState {
  pid: number
  workdir: string
  /** `serve` (production mode) or `start`; absent in the state of older versions: start. */
  mode?: 'start' | 'serve'
  apiUrl: string
  /** The URL browsers use (serve's --public-url; the API URL otherwise). */
  publicUrl?: string
  appUrl: string | null
  inboxUrl: string | null
  dbUrl: string
  /** serve's settings file, when it read one (status reads the same). */
  settingsFile?: string
  startedAt: string
}

export const STATE_FILE = 'stack.json'

export async function writeState(
  dataDir: string,
  state: Omit<StackState, 'pid' | 'startedAt'>
): Promise<void> {
  const full: StackState = {
    pid: process.pid,
    ...state,
    startedAt: new Date().toISOString(),
  }
  // Its dbUrl holds the database's password (serve's own): for the owner only.
  const file = path.join(dataDir, STATE_FILE)
  await writeFile(file, JSON.stringify(full, null, 2), { mode: 0o600 })
  await chmod(file, 0o600)
}
