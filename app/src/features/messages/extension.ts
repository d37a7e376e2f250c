// The message screen's extension slot (as Realtime has one handler per extension): a feature
// that adds something to messages (pins, saved for later) gives, for one open channel, its
// actions on a message and its markers above a message's text, plus what it shows above the
// list (a bar) and anywhere (a dialog while open). The features' hooks are listed once, in
// features/message-extensions.ts; the message screen (MessageItem, ChannelView, ThreadPanel)
// reads the list and names none of them.
import type { ReactNode } from 'react'
import type { IconName } from '../../ui/icons.ts'
import type { ChatMessage } from './conversation/types.ts'

/** One action on a message, as data: the toolbar and the action sheet show it. */
export interface MessageAction {
  /** Unique among a message's actions ('react', 'reply', 'pin', …). */
  id: string
  /** The accessible name, the same in the toolbar and the sheet. */
  label: string
  /** The icon (the sprite's); the label names the action, the icon is hidden from readers. */
  icon: IconName
  /** The toolbar's tooltip (with the key that does it), if not the label. */
  title?: string
  run: () => void
  /** Shown as an icon in the toolbar too, not only in the sheet. */
  inToolbar?: boolean
  danger?: boolean
  /** Where it goes among the others, lowest first (the core's: 10 react … 90 delete). */
  order: number
}

/** A line above a message's text ("Pinned", "Saved for later"). */
export interface MessageMarker {
  id: string
  icon: IconName
  label: string
  className: string
  /** Who the author line names instead of the author (an integration's post: "APP"). */
  author?: string
}

/** What the actions of a message may do here: the same for every feature. */
export interface MessageCapabilities {
  me: string
  /** Nothing changes the message (an archived channel, or a parent fetched apart). */
  readOnly: boolean
}

/** One feature's part of the message screen, for one open channel (its thread shares it). */
export interface MessageExtension {
  id: string
  /** Its actions on one message (pure). */
  actions?: (message: ChatMessage, capabilities: MessageCapabilities) => MessageAction[]
  /** Its markers on one message (pure). */
  markers?: (message: ChatMessage) => MessageMarker[]
  /** Shown above the channel's messages (the pinned bar). */
  banner?: ReactNode
  /** Rendered once, anywhere (a dialog while it is open). */
  overlay?: ReactNode
}

/** What a feature's hook is told about the open channel. */
export interface ExtensionScope {
  workspaceId: string
  channelId: string
  /** As the header names it: '#general', or a person's name for a DM. */
  channelTitle: string
  me: string
  isAdmin: boolean
  nameOf: (userId: string) => string
}

/** A feature's hook: called once per open channel, in the list's order, every render. */
export type UseMessageExtension = (scope: ExtensionScope) => MessageExtension
