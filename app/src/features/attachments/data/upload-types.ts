// A file attached to the message being written (use-uploads.ts, accept-files.ts), and what of it
// the message is sent with.
import type { Attachment } from '../../../slots/message.ts'

export interface DraftUpload {
  id: string
  file: File
  name: string
  size: number
  mime: string
  path: string
  progress: number
  state: 'uploading' | 'paused' | 'done' | 'failed'
  /** Uploads resumably (over 6 MB): it can be paused and resumed. */
  resumable: boolean
  error: string | null
  width: number | null
  height: number | null
  previewUrl: string | null
}

/** A file the message is sent with: an attachment of it, before the message is stored. */
export type OutgoingFile = Omit<Attachment, 'messageId'>
