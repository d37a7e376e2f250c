// A message's files into the attachments bucket as the app stores them
// (<workspace>/<channel>/<message>/<name>): from the zip for Chorus's exports, else downloaded
// from the export's link through the shared outbound guard. A file that cannot be had is
// reported; its message goes in without it.
import type { SupabaseClient } from 'npm:@supabase/supabase-js@2'
import type { Archive } from '../_shared/archive/read.ts'
import type { ReportCode, Values } from '../_shared/archive/codes.ts'
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

/** Why a file could not be had: its report item's code, values and English reason. */
type Trouble = Omit<ReportItem, 'file' | 'index'>

function trouble(code: ReportCode, name: string, why: string, values: Values = {}): Trouble {
  return {
    code,
    values: { name, ...values },
    reason: `The file "${name}" could not be imported: ${why}.`,
  }
}

async function bytesOf(
  archive: Archive,
  copy: FileToCopy,
  name: string
): Promise<Uint8Array | ReadableStream<Uint8Array> | Trouble> {
  if (copy.file.zipPath) {
    // From the zip, as a stream: a file is never whole in memory (issue 49, item 7).
    const entry = archive.zip.index.entries.get(copy.file.zipPath)
    if (!entry) return trouble('attachment_not_in_archive', name, 'it is not in the archive')
    if (entry.size > MAX_FILE) {
      return trouble('attachment_too_big', name, `it is over ${MAX_FILE} bytes`, { max: MAX_FILE })
    }
    return entryStream(archive, copy.file.zipPath)
  }
  if (!copy.file.url) return trouble('attachment_no_link', name, 'the export has no link to it')
  try {
    const response = await safeFetch(copy.file.url, { maxBytes: MAX_FILE, timeoutMs: 30_000 })
    if (response.status !== 200) {
      const status = response.status
      return trouble('attachment_link_status', name, `the link answered ${status}`, { status })
    }
    return response.body
  } catch (error) {
    if (!(error instanceof OutboundError)) {
      return trouble('attachment_download_failed', name, 'the download failed')
    }
    const detail = error.message
    return trouble('attachment_refused', name, detail, { detail })
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
    const bytes = await bytesOf(archive, copy, name)
    if ('reason' in bytes) {
      report.push({ file: copy.dayFile, index: copy.index, ...bytes })
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
        code: 'attachment_not_stored',
        values: { name, detail: error.message },
        reason: `The file "${name}" could not be stored: ${error.message}`,
      })
      continue
    }
    copied.push({ message_id: copy.messageId, path, name })
  }
  return copied
}
