// Slack's export format (FORMAT.md) as typed items: users.json, channels.json, groups.json,
// dms.json, mpims.json and the day files, each item checked field by field (items.ts).
import {
  ItemError,
  optArr,
  optBool,
  optNum,
  optObj,
  optStr,
  str,
  strings,
  tsTime,
  wrong,
} from './items.ts'
import type { Json } from './items.ts'
import { attachmentsText, blocksText, postingOf, sharesOf } from './slack-extras.ts'
import type { SlackPosting, SlackShare } from './slack-extras.ts'

export type { SlackPosting, SlackShare }

export interface SlackUser {
  id: string
  name: string
  email: string | null
  deleted: boolean
  isBot: boolean
}

export type ConversationKind = 'public' | 'private' | 'dm' | 'mpim'

export interface SlackConversation {
  id: string
  kind: ConversationKind
  /** The channel's name (null for DMs). */
  name: string | null
  /** The folder its day files are in: its name, or its id for DMs. */
  folder: string
  created: string | null
  creator: string | null
  archived: boolean
  general: boolean
  members: string[]
  topic: string | null
  purpose: string | null
  /** Who may post (a Chorus export's `chorus.posting`), or null: everyone. */
  posting: SlackPosting | null
}

export interface SlackFile {
  id: string
  name: string
  mimetype: string | null
  /** A link to download it (Slack's exports), or null. */
  url: string | null
  /** Its path inside the zip (Chorus's exports), or null. */
  zipPath: string | null
}

export interface SlackReaction {
  name: string
  users: string[]
}

export interface SlackMessage {
  /** Its index in its day file. */
  index: number
  ts: string
  createdAt: string
  /** The author's user id, or null for a bot message without a user. */
  user: string | null
  /** A bot's display name (bot_message without a user). */
  botName: string | null
  subtype: string | null
  text: string
  /** An app's blocks as mrkdwn ('' for none, or a person's rich text): `text` is their fallback. */
  blocksText: string
  /** An app's legacy attachments as mrkdwn (''), said after `text`. */
  attachmentsText: string
  /** The messages it shares (Slack's share attachments; a Chorus export's forward). */
  shares: SlackShare[]
  /** The thread's parent ts when this is a reply (thread_ts ≠ ts), else null. */
  parentTs: string | null
  /** A reply also shown in the channel. */
  broadcast: boolean
  deleted: boolean
  editedAt: string | null
  reactions: SlackReaction[]
  files: SlackFile[]
  /** Chorus's exports: the message's Chorus id. */
  chorusId: string | null
}

export function readUser(item: Json): SlackUser {
  const profile = optObj(item, 'profile') ?? {}
  const email = optStr(profile, 'email')
  const name =
    optStr(profile, 'display_name') ||
    optStr(profile, 'real_name') ||
    optStr(item, 'real_name') ||
    optStr(item, 'name') ||
    str(item, 'id')
  return {
    id: str(item, 'id'),
    name: name.trim().slice(0, 64) || str(item, 'id'),
    email: email ? email.trim().toLowerCase() : null,
    deleted: optBool(item, 'deleted'),
    isBot: optBool(item, 'is_bot') || str(item, 'id') === 'USLACKBOT',
  }
}

function valueOf(item: Json, field: string): string | null {
  const inner = optObj(item, field)
  const value = inner ? optStr(inner, 'value') : null
  return value ? value : null
}

function secondsTime(item: Json, field: string): string | null {
  const seconds = optNum(item, field)
  if (seconds === null) return null
  if (seconds < 0 || seconds > 253_402_300_799) wrong(field, 'field_not_time')
  return new Date(seconds * 1000).toISOString()
}

export function readConversation(kind: ConversationKind, item: Json): SlackConversation {
  const id = str(item, 'id')
  const named = kind !== 'dm'
  const name = named ? str(item, 'name') : null
  if (name !== null && /[/\\\0]|^\.\.?$/.test(name)) {
    throw new ItemError('field_folder_name', { field: 'name' }, '"name" cannot be a folder name.')
  }
  if (!named && /[/\\\0]|^\.\.?$/.test(id)) {
    throw new ItemError('field_folder_name', { field: 'id' }, '"id" cannot be a folder name.')
  }
  return {
    id,
    kind,
    name,
    folder: name ?? id,
    created: secondsTime(item, 'created'),
    creator: optStr(item, 'creator'),
    archived: optBool(item, 'is_archived'),
    general: optBool(item, 'is_general'),
    members: strings(item, 'members'),
    topic: valueOf(item, 'topic'),
    purpose: valueOf(item, 'purpose'),
    posting: postingOf(item),
  }
}

/** Subtypes that are a person's (or a bot's) words; the others are events, not messages. */
const WORDS = new Set(['bot_message', 'thread_broadcast', 'me_message', 'file_share', 'tombstone'])

function readFile(value: unknown, index: number): SlackFile | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    const field = 'files'
    throw new ItemError(
      'list_item_not_object',
      { field, index },
      `files[${index}] is not an object.`
    )
  }
  const file = value as Json
  // Slack lists files it no longer has (hidden by retention, deleted) without a name.
  if (optStr(file, 'mode') === 'tombstone' || optStr(file, 'mode') === 'hidden_by_limit') {
    return null
  }
  return {
    id: str(file, 'id'),
    name: (optStr(file, 'name') || optStr(file, 'title') || str(file, 'id')).slice(0, 255),
    mimetype: optStr(file, 'mimetype'),
    url: optStr(file, 'url_private_download') || optStr(file, 'url_private'),
    zipPath: optStr(file, 'chorus_path'),
  }
}

/** A day file's item: a message, or null for an event that is not one (channel_join, …). */
export function readMessage(item: Json, index = 0): SlackMessage | null {
  const type = optStr(item, 'type')
  if (type !== null && type !== 'message') return null
  const subtype = optStr(item, 'subtype')
  if (subtype !== null && !WORDS.has(subtype)) return null
  const ts = str(item, 'ts')
  const createdAt = tsTime(ts)
  const threadTs = optStr(item, 'thread_ts')
  if (threadTs !== null) tsTime(threadTs, 'thread_ts')
  const edited = optObj(item, 'edited')
  const editedTs = edited ? optStr(edited, 'ts') : null
  const user = optStr(item, 'user') || null
  const botProfile = optObj(item, 'bot_profile')
  const botName = optStr(item, 'username') || (botProfile && optStr(botProfile, 'name')) || null
  const reactions = optArr(item, 'reactions').map((value, index) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      const [field, reason] = ['reactions', `reactions[${index}] is not an object.`]
      throw new ItemError('list_item_not_object', { field, index }, reason)
    }
    return { name: str(value as Json, 'name'), users: strings(value as Json, 'users') }
  })
  const files = optArr(item, 'files')
    .map(readFile)
    .filter((file): file is SlackFile => file !== null)
  const text = optStr(item, 'text') ?? ''
  return {
    index,
    ts,
    createdAt,
    user,
    // A message with no author: a bot's (Slack's bot_message), or one Chorus exported without
    // one (an integration's, an anonymized account's: FORMAT.md), named when the archive names it.
    botName: user === null ? (botName ?? (subtype === 'bot_message' ? 'bot' : null)) : null,
    subtype,
    text,
    blocksText: blocksText(item),
    attachmentsText: attachmentsText(item),
    shares: sharesOf(item),
    parentTs: threadTs !== null && threadTs !== ts ? threadTs : null,
    broadcast: subtype === 'thread_broadcast',
    deleted: subtype === 'tombstone',
    editedAt: editedTs ? tsTime(editedTs, 'edited.ts') : null,
    reactions,
    files,
    chorusId: optStr(item, 'client_msg_id'),
  }
}

/** A day file's name (YYYY-MM-DD.json), or null for anything else in a conversation's folder. */
export function dayOf(path: string, folder: string): string | null {
  const match = /^(\d{4}-\d{2}-\d{2})\.json$/.exec(path.slice(folder.length + 1))
  return path.startsWith(`${folder}/`) && match ? match[1]! : null
}
