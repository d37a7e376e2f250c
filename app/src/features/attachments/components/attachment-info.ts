// A message's file as the views show it (AttachmentView, DownloadLink, ImageViewer): a message's
// attachment (slots/message.ts) without the message it belongs to.
import type { Attachment } from '../../../slots/message.ts'

export type AttachmentInfo = Omit<Attachment, 'messageId'>
