// Putting the disk back in line with the rows after a crash. An upload's bytes wait in tmp/ until
// their row commits and are renamed into place afterwards; a crash in between leaves a temporary
// version that a row already points at (finished here) or one no row knows (removed). A crash
// between a row's delete and its file's removal leaves a data file no row references: the sweep,
// which runs in the background after start, removes those.
import { findByVersion, referencedVersions } from './db/objects.ts'
import type { StorageDeps } from './deps.ts'

/** Finishes or discards the uploads a previous run left in tmp/. Runs before serving. */
export async function recoverUploads(
  deps: StorageDeps
): Promise<{ finished: number; discarded: number }> {
  let finished = 0
  let discarded = 0
  for (const version of await deps.disk.tempVersions()) {
    const row = /^[0-9a-f-]{36}$/.test(version)
      ? await findByVersion(deps.ctx.db.admin, version)
      : null
    if (row) {
      try {
        await deps.disk.commit(row.bucket_id, row.name, version)
        finished++
        continue
      } catch (error) {
        deps.log.warn(`could not finish the upload of ${row.bucket_id}/${row.name}`, error)
        continue
      }
    }
    await deps.disk.discard(version)
    discarded++
  }
  if (finished + discarded > 0) {
    deps.log.info(`Storage: finished ${finished} and discarded ${discarded} interrupted uploads`)
  }
  return { finished, discarded }
}

const BATCH = 500

/** Removes data files no row references. `stopped` lets a stopping stack end the sweep early. */
export async function sweepOrphans(
  deps: StorageDeps,
  stopped: () => boolean = () => false
): Promise<number> {
  let removed = 0
  for (const bucket of await deps.disk.bucketFolders()) {
    let batch: { file: string; version: string }[] = []
    const flush = async () => {
      const referenced = await referencedVersions(
        deps.ctx.db.admin,
        bucket,
        batch.map((f) => f.version)
      )
      for (const entry of batch) {
        if (referenced.has(entry.version)) continue
        await deps.disk.removeDataFile(bucket, entry.file)
        removed++
      }
      batch = []
    }
    try {
      for await (const entry of deps.disk.dataFiles(bucket)) {
        if (stopped()) return removed
        batch.push(entry)
        if (batch.length >= BATCH) await flush()
      }
      if (batch.length > 0 && !stopped()) await flush()
    } catch (error) {
      deps.log.warn(`could not sweep the folder of bucket ${bucket}`, error)
    }
  }
  if (removed > 0) deps.log.info(`Storage: removed ${removed} files no object refers to`)
  return removed
}
