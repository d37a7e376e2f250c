// A message's files into the attachments bucket as the app stores them
// (<workspace>/<channel>/<message>/<name>): from the zip for Chorus's exports, else downloaded
// from the export's link through the shared outbound guard. A file that cannot be had is
// reported; its message goes in without it.
import type { SupabaseClient } from 'npm:@supabase/supabase-js@2'
import type { Archive } from '../_shared/archive/read.ts'
import type { ReportItem } from '../_shared/archive/zip.ts'
import { OutboundError, safeFetch } from '../_shared/safe-fetch.ts'
import { objectName } from './plan.ts'
import type { FileToCopy } from './plan.ts'

const MAX_FILE = 50 * 1024 * 1024

export interface CopiedFile {
  message_id: string
  path: string
  name: string
}

/** An entry of the archive as a stream for Storage's upload, inflated as it is sent. */
function entryStream(archive: Archive, path: string): ReadableStream<Uint8Array> {
  const pieces = archive.zip.chunks(path, MAX_FILE)
  return new ReadableStream({
    async pull(controller) {
      try {
        const next = await pieces.next()
        if (next.done) controller.close()
        else controller.enqueue(next.value)
      } catch (error) {
        controller.error(error)
      }
    },
    async cancel() {
      await pieces.return(undefined)
    },
  })
}

async function bytesOf(
  archive: Archive,
  copy: FileToCopy
): Promise<Uint8Array | ReadableStream<Uint8Array> | string> {
  if (copy.file.zipPath) {
    // From the zip, as a stream: a file is never whole in memory (issue 49, item 7).
    const entry = archive.zip.index.entries.get(copy.file.zipPath)
    if (!entry) return 'it is not in the archive'
    if (entry.size > MAX_FILE) return `it is over ${MAX_FILE} bytes`
    return entryStream(archive, copy.file.zipPath)
  }
  if (!copy.file.url) return 'the export has no link to it'
  try {
    const response = await safeFetch(copy.file.url, { maxBytes: MAX_FILE, timeoutMs: 30_000 })
    if (response.status !== 200) return `the link answered ${response.status}`
    return response.body
  } catch (error) {
    return error instanceof OutboundError ? error.message : 'the download failed'
  }
}

export async function copyFiles(
  admin: SupabaseClient,
  archive: Archive,
  workspaceId: string,
  files: FileToCopy[],
  report: ReportItem[]
): Promise<CopiedFile[]> {
  const copied: CopiedFile[] = []
  for (const copy of files) {
    const name = objectName(copy.file.name)
    const path = `${workspaceId}/${copy.channelId}/${copy.messageId}/${name}`
    const bytes = await bytesOf(archive, copy)
    if (typeof bytes === 'string') {
      report.push({
        file: copy.dayFile,
        index: copy.index,
        reason: `The file "${name}" could not be imported: ${bytes}.`,
      })
      continue
    }
    const { error } = await admin.storage.from('attachments').upload(path, bytes, {
      contentType: copy.file.mimetype ?? 'application/octet-stream',
      upsert: true,
    })
    if (error) {
      report.push({
        file: copy.dayFile,
        index: copy.index,
        reason: `The file "${name}" could not be stored: ${error.message}`,
      })
      continue
    }
    copied.push({ message_id: copy.messageId, path, name })
  }
  return copied
}
