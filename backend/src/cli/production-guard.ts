// The commands that delete a data folder's database (`stop --no-backup`, `start --reset`,
// `db reset`) refuse a production one, a folder `serve` has run on (its serve-secrets.json is
// there, or serve runs on it now), unless given --yes-delete-production-data. `start` without
// --reset refuses it too: it would serve a team's data with the public demo keys (and its
// database no longer takes the CLI's password).
import { ServeError, isServeDataFolder } from '../serve/secrets.ts'
import type { StackState } from '../stack.ts'

export const DELETE_FLAG = '--yes-delete-production-data'

export function isProduction(dataDir: string, state: StackState | null): boolean {
  return state?.mode === 'serve' || isServeDataFolder(dataDir)
}

/** Throws (one line) when `command` would delete a production folder's data without the flag. */
export function refuseDeletingProduction(
  command: string,
  dataDir: string,
  state: StackState | null,
  confirmed: boolean
): void {
  if (confirmed || !isProduction(dataDir, state)) return
  throw new ServeError(
    `${dataDir} is a production data folder (npm run serve runs on it): ${command} would delete ` +
      `its database, stored files and keys. Nothing was changed. Take a backup first ` +
      `(npm run backend -- backup); to delete it anyway, add ${DELETE_FLAG}.`
  )
}

/** `start` (development, demo keys) on a production folder: refused, pointing at serve. */
export function refuseStartOnProduction(dataDir: string): void {
  if (!isServeDataFolder(dataDir)) return
  throw new ServeError(
    `${dataDir} is a production data folder (it holds serve-secrets.json): run it with ` +
      `npm run serve, not start, which would use the public demo keys. For development, choose ` +
      `another --data-dir.`
  )
}
