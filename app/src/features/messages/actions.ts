// A message's actions, as data: the core's own (react, copy link, edit history, edit, delete)
// and those of the features in the extension slot (slots/message.ts: reply in thread, pin, save,
// mark unread, …), in one order. Pure: what the message and the capabilities allow, nothing
// else; MessageItem shows the list (toolbar and sheet) and ties the commands to its state.
import { t } from '@lingui/core/macro'
import type { ChatMessage } from './conversation/types.ts'
import type { MessageAction, MessageCapabilities, MessageExtension } from '../../slots/message.ts'

/** What the core's actions do, given by the row (absent: not offered here). */
export interface MessageCommands {
  react: () => void
  copyLink: () => void
  showHistory: () => void
  startEdit: () => void
  delete: () => void
}

export interface RowCapabilities extends MessageCapabilities {
  /** The author, or an admin: the database decides too. */
  canDelete: boolean
  /** "Link copied" for a moment after a copy. */
  copied: boolean
  commands: MessageCommands
  /** The features' parts for this conversation. */
  extensions: readonly MessageExtension[]
}

export function actionsFor(message: ChatMessage, capabilities: RowCapabilities): MessageAction[] {
  if (message.deletedAt) return []
  const { readOnly, commands } = capabilities
  const mine = message.authorId === capabilities.me
  const actions: MessageAction[] = []
  if (!readOnly) {
    actions.push({
      id: 'react',
      label: t`Add reaction`,
      icon: 'smile-plus',
      inToolbar: true,
      run: commands.react,
      order: 10,
    })
  }
  actions.push({
    id: 'copy-link',
    label: capabilities.copied ? t`Link copied` : t`Copy link`,
    icon: 'link-2',
    inToolbar: true,
    run: commands.copyLink,
    order: 30,
  })
  if (message.editedAt) {
    actions.push({
      id: 'history',
      label: t`Edit history`,
      icon: 'history',
      run: commands.showHistory,
      order: 55,
    })
  }
  // Not a message whose text a feature holds (a poll's).
  if (mine && !readOnly && !capabilities.extensions.some((e) => e.fixedText?.(message))) {
    actions.push({
      id: 'edit',
      label: t`Edit message`,
      title: t`Edit message (e)`,
      icon: 'pencil',
      inToolbar: true,
      run: commands.startEdit,
      order: 80,
    })
  }
  if (capabilities.canDelete && !readOnly) {
    actions.push({
      id: 'delete',
      label: t`Delete message`,
      icon: 'trash-2',
      inToolbar: true,
      danger: true,
      run: commands.delete,
      order: 90,
    })
  }
  for (const extension of capabilities.extensions) {
    actions.push(...(extension.actions?.(message, capabilities) ?? []))
  }
  // Stable: the same order never reorders what came first.
  return actions.sort((a, b) => a.order - b.order)
}
