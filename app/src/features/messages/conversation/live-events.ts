// A live event other than a message, applied to the window: reactions added and removed, files
// added and removed, a parent's thread summary. (A message is LiveChannel's: it may open a gap.)
import type { MessageWindow } from './message-window.ts'
import type { LiveEvent } from './types.ts'

export function applyToWindow(
  window: MessageWindow,
  event: Exclude<LiveEvent, { kind: 'message' }>
): void {
  switch (event.kind) {
    case 'reaction-added':
      window.addReaction(event.messageId, event.reaction)
      break
    case 'reaction-removed':
      window.removeReactionById(event.reactionId)
      break
    case 'attachment':
      window.addAttachment(event.attachment)
      break
    case 'attachment-removed':
      window.removeAttachment(event.messageId, event.attachmentId)
      break
    case 'thread':
      window.setThread(event.summary)
      break
  }
}
