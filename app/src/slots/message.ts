// The message slot (issue 51, item 1): a message's shape as every feature sees it (ChatMessage,
// its reactions, files, thread and app), the people of a conversation, and the message screen's
// extension slot (as Realtime has one handler per extension): a feature
// that adds something to messages (pins, saved for later, threads, unread, …) gives, for one
// open channel, its actions on a message, its markers above a message's text, what it shows
// above or below a message's text, plus what it shows above the list (a bar) and anywhere (a
// dialog while open); and, for one conversation (the channel's list, or a thread's), a line
// between its rows and the actions that depend on that conversation. Each feature says so in
// its own features/<name>/message-extension.tsx; features/message-extensions.ts finds them all
// (import.meta.glob). The message screen (MessageItem, use-row-renderer, ChannelView,
// ThreadPanel) reads the list and names none of them. Nothing here names a feature.
import type { ReactNode } from 'react'
import type { IconName } from '../ui/icons.ts'

export interface Reaction {
  /** Made by the client for its own reactions, so the live echo is recognised. */
  id: string
  emoji: string
  userId: string
}

export interface Attachment {
  id: string
  messageId: string
  path: string
  name: string
  size: number
  mime: string
  width: number | null
  height: number | null
}

/** Who posted a message for an app: the integration's name and the name the post asked for. */
export interface AppAuthor {
  /** The integration's own name (an incoming webhook's, a slash command's). */
  name: string
  /** The name the post asked to be shown under (Slack's `username`), if any. */
  username: string | null
}

/** A parent message's thread, as the channel shows it (the `threads` row). */
export interface ThreadSummary {
  /** The parent message's id. */
  threadId: string
  replyCount: number
  /** The highest thread seq given out. */
  lastSeq: number
  lastReplyAt: string | null
  /** Up to three people who replied last, the latest first. */
  lastRepliers: string[]
}

export interface ChatMessage {
  id: string
  channelId: string
  /** Its place in the conversation held: the channel's seq, or the thread's for a reply. */
  seq: number
  /** null: no person wrote it (an app's post: see `app`; or its author's account was removed). */
  authorId: string | null
  body: string
  createdAt: string
  editedAt: string | null
  deletedAt: string | null
  /** When an admin removed it (moderation): it then has neither text nor files. */
  removedAt?: string | null
  /** The app that posted it, for a message without an author that an integration posted. */
  app?: AppAuthor | null
  reactions: Reaction[]
  attachments: Attachment[]
  /** The thread under it (absent: not known, null: none). */
  thread?: ThreadSummary | null
  /** A reply's thread (the parent's id); a reply also sent to the channel shows in both. */
  parentId?: string | null
}

export interface MentionInfo {
  name: string
  isMe: boolean
}

export type ResolveMention = (userId: string) => MentionInfo | null

/** Who is in a conversation, as its rows need them: me, names, avatars and how a mention reads. */
export interface People {
  me: string
  /** null: a message without an author (an app's, or a removed account's). */
  nameOf: (userId: string | null) => string
  avatarOf: (userId: string | null, size: number) => ReactNode
  resolveMention: ResolveMention
}

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
  /** A key that runs it on the focused message ('t'). */
  key?: string
  /** Only its key runs it: neither the toolbar nor the sheet shows it. */
  keyOnly?: boolean
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

/** Where a row is shown: the channel's list, or a thread beside it (its parent and replies). */
export type RowPlace = 'channel' | 'thread'

/** What the actions of a message may do here: the same for every feature. */
export interface MessageCapabilities {
  me: string
  /** Nothing changes the message (an archived channel, or a parent fetched apart). */
  readOnly: boolean
  /** Where the row is (absent: the channel's list). */
  place?: RowPlace
}

/** What a feature's parts of one row are told. */
export interface RowContext {
  capabilities: MessageCapabilities
  people: People
}

/** A line between a conversation's rows ("New messages"), before the first message past it. */
export interface RowDivider {
  id: string
  /** Shown before the first message whose seq is greater than this. */
  afterSeq: number
  /** Its text (plain text in the feed, which owns articles only). */
  label: string
  className: string
}

/** One feature's part of the message screen. */
export interface MessageExtension {
  id: string
  /** Its actions on one message (pure). */
  actions?: (message: ChatMessage, capabilities: MessageCapabilities) => MessageAction[]
  /** A message whose text is not edited (a poll's: its card is what it says): no Edit (pure). */
  fixedText?: (message: ChatMessage) => boolean
  /** Its markers on one message (pure). */
  markers?: (message: ChatMessage) => MessageMarker[]
  /** Shown under the header, above the message's text (null: nothing). */
  aboveBody?: (message: ChatMessage, row: RowContext) => ReactNode
  /** Shown below the message's text and files; stays under a deleted message's tombstone. */
  belowBody?: (message: ChatMessage, row: RowContext) => ReactNode
  /** A line between this conversation's rows (from a conversation's hook). */
  divider?: RowDivider | null
  /** Shown above the channel's messages (the pinned bar). */
  banner?: ReactNode
  /** Rendered once, anywhere (a dialog while it is open). */
  overlay?: ReactNode
}

/** What a feature's channel hook is told about the open channel. */
export interface ExtensionScope {
  workspaceId: string
  channelId: string
  /** As the header names it: '#general', or a person's name for a DM. */
  channelTitle: string
  me: string
  isAdmin: boolean
  nameOf: (userId: string | null) => string
  /** Starts fetching a thread's first page of replies (it is likely to open next). */
  prefetchThread: (threadId: string) => void
}

/** What a feature's conversation hook is told: the channel's list, or one thread's. */
export interface ConversationScope {
  channelId: string
  /** The thread's parent, or null: the channel's own list. */
  threadId: string | null
  /** Where I had read up to when it opened and its newest seq then (undefined: not known yet). */
  readPosition: { lastReadSeq: number; newestSeq: number } | undefined
  /** Settles the marking of what I see as read (one waiting is made now): call it before
   *  moving my read position back. */
  settleRead: () => Promise<void>
}

/** A feature's hook for one open channel (its thread shares it). */
export type UseMessageExtension = (scope: ExtensionScope) => MessageExtension

/** A feature's hook for one conversation (the channel's list, and a thread's when open). */
export type UseConversationExtension = (scope: ConversationScope) => MessageExtension

/** What a feature's message-extension.tsx exports as its default. */
export interface MessageFeature {
  id: string
  /** Where it goes among the features (lowest first): its markers' order, and its hooks'. */
  order: number
  /** Called once per open channel, every render. */
  useChannel?: UseMessageExtension
  /** Called once per conversation on screen, every render. */
  useConversation?: UseConversationExtension
}
