// "Copy text" in the message screen's extension slot (slots/message.ts): a message's text
// as written (its markdown source, mentions as <@id>) on the clipboard, from the action sheet
// (or the desktop's "More actions" menu). A message of files only has no text: no action. Where
// the clipboard cannot be written (no permission, an insecure page), the text is shown to copy.
import { t } from '@lingui/core/macro'
import { useMemo } from 'react'
import { showTextToCopy } from '../../ui/layers.ts'
import type { ChatMessage } from '../../slots/message.ts'
import type {
  MessageAction,
  MessageExtension,
  MessageFeature,
  UseMessageExtension,
} from '../../slots/message.ts'

/** What the text is written to: the browser's clipboard, or whatever a test gives. */
export interface TextClipboard {
  writeText: (text: string) => Promise<void>
}

/** Puts `text` on the clipboard; shows it to copy by hand if that fails. */
export function copyText(
  text: string,
  clipboard: TextClipboard | undefined = navigator.clipboard
): Promise<void> {
  const fallback = () => void showTextToCopy(t`Copy this text`, text)
  if (!clipboard) return Promise.resolve(fallback())
  return clipboard.writeText(text).catch(fallback)
}

/** "Copy text" on one message with text (pure): after "Copy link", also read-only. */
export function copyTextActions(copy: (text: string) => void) {
  return (message: ChatMessage): MessageAction[] =>
    message.body.trim()
      ? [
          {
            id: 'copy-text',
            label: t`Copy text`,
            icon: 'file-text',
            run: () => copy(message.body),
            order: 35,
          },
        ]
      : []
}

const copyToClipboard = (text: string) => void copyText(text)

export const useCopyTextExtension: UseMessageExtension = () =>
  useMemo(
    (): MessageExtension => ({ id: 'copy-text', actions: copyTextActions(copyToClipboard) }),
    []
  )

/** In the slot (features/message-extensions.ts finds it by this file's name). */
const copyTextFeature: MessageFeature = {
  id: 'copy-text',
  order: 50,
  useChannel: useCopyTextExtension,
}
export default copyTextFeature
