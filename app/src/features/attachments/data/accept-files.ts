// What may be attached, checked as files are attached, before any byte is sent: a file of any
// type, none empty, none over the workspace's limit (workspaces.max_file_bytes, which my_workspaces
// brings to the app's workspace list; the server holds every upload to it too). What is shown inline is decided where it is shown (rules.ts isPreviewable); the rest is
// a download card, and Storage serves nothing that runs (HTML as text, the rest sandboxed). A
// chunk of its own, loaded after the first screen (use-uploads.ts), with the draft uploads it
// makes of the files accepted.
import { t } from '@lingui/core/macro'
import type { QueryClient } from '@tanstack/react-query'
import { newId } from '../../../lib/uuid.ts'
import { formatLocale } from '../../../lib/i18n.ts'
import { formatSize } from '../../../lib/sizes.ts'
import {
  isPreviewable,
  MAX_FILE_BYTES,
  MAX_FILES_PER_MESSAGE,
  RESUMABLE_THRESHOLD,
} from './rules.ts'
import type { DraftUpload } from './upload-types.ts'

export function mimeOf(file: { type: string; name: string }): string {
  if (file.type) return file.type.toLowerCase()
  return 'application/octet-stream'
}

/** The largest file a workspace takes, and its name to say so. */
export interface FileLimit {
  bytes: number
  workspace: string | null
}

/** The workspace list's key (features/workspaces' workspaceKeys.list(), named here: importing
 * that feature from this chunk would make a cycle through Import from Slack). */
const WORKSPACE_LIST = ['workspaces', 'list'] as const

/** The workspace's limit as the workspace list has it (the default until that list is in). */
export function fileLimitOf(queryClient: QueryClient | undefined, workspaceId: string): FileLimit {
  const workspace = queryClient
    ?.getQueryData<{ id: string; name: string; max_file_bytes?: number }[]>(WORKSPACE_LIST)
    ?.find((w) => w.id === workspaceId)
  const bytes = Number(workspace?.max_file_bytes)
  return {
    bytes: bytes > 0 ? bytes : MAX_FILE_BYTES,
    workspace: workspace?.name ?? null,
  }
}

export function checkFile(
  file: { type: string; name: string; size: number },
  limit: FileLimit = { bytes: MAX_FILE_BYTES, workspace: null }
): string | null {
  const name = file.name
  if (file.size === 0) return t`${name} is empty.`
  if (file.size > limit.bytes) {
    const max = formatSize(limit.bytes)
    // Just over the limit reads as the limit itself ("2 MB"): then in bytes.
    const size =
      formatSize(file.size) === max
        ? new Intl.NumberFormat(formatLocale(), {
            style: 'unit',
            unit: 'byte',
            unitDisplay: 'long',
          }).format(file.size)
        : formatSize(file.size)
    const workspace = limit.workspace
    return workspace
      ? t`${name} is ${size}; files in ${workspace} can be at most ${max}.`
      : t`${name} is ${size}; files can be at most ${max}.`
  }
  return null
}

/** Where a message's files go: `<workspace>/<channel>/<message>/`. */
export interface UploadPlace {
  workspaceId: string
  channelId: string
  messageId: string
}

/** The files accepted, as draft uploads, and the problems of the ones refused. */
export interface Accepted {
  accepted: DraftUpload[]
  problems: string[]
}

/**
 * The files that may be attached as draft uploads (at most `room` of them), and the problems of
 * the ones refused (size, count). A text (a paste past the message's limit) is attached as a
 * text file. The workspace's limit is read from the workspace list in `queryClient`'s cache.
 */
export async function acceptFiles(
  given: (File | string)[],
  room: number,
  place: UploadPlace,
  queryClient?: QueryClient
): Promise<Accepted> {
  const limit = fileLimitOf(queryClient, place.workspaceId)
  const problems: string[] = []
  const accepted: DraftUpload[] = []
  const files = given.map((file) =>
    typeof file === 'string' ? new File([file], t`Pasted text.txt`, { type: 'text/plain' }) : file
  )
  for (const file of files) {
    const problem = checkFile(file, limit)
    if (problem) {
      problems.push(problem)
      continue
    }
    if (room <= 0) {
      const max = MAX_FILES_PER_MESSAGE
      const name = file.name
      problems.push(t`At most ${max} files per message; ${name} was not added.`)
      continue
    }
    room -= 1
    const id = newId()
    const mime = mimeOf(file)
    const size = isPreviewable(mime) ? await imageSize(file) : null
    const { workspaceId, channelId, messageId } = place
    accepted.push({
      id,
      file,
      name: file.name || 'pasted-file',
      size: file.size,
      mime,
      path: `${workspaceId}/${channelId}/${messageId}/${id}-${safeFileName(file.name || 'pasted')}`,
      progress: 0,
      state: 'uploading',
      resumable: file.size > RESUMABLE_THRESHOLD,
      error: null,
      width: size?.width ?? null,
      height: size?.height ?? null,
      previewUrl: isPreviewable(mime) ? URL.createObjectURL(file) : null,
    })
  }
  return { accepted, problems }
}

/** A storage-safe file name that still reads like the original. */
export function safeFileName(name: string): string {
  const cleaned = name
    .normalize('NFC')
    .replace(/[/\\?%*:|"<>#]/g, '-')
    .replace(/\p{Cc}/gu, '-')
    .replace(/^\.+/, '')
    .trim()
    .slice(-120)
  return cleaned || 'file'
}

async function imageSize(file: File): Promise<{ width: number; height: number } | null> {
  try {
    const bitmap = await createImageBitmap(file)
    const size = { width: bitmap.width, height: bitmap.height }
    bitmap.close()
    return size
  } catch {
    return null
  }
}
