// An archive opened for import: its people, its conversations with their day files in order, and
// each day's messages on demand. Refuses the whole archive (ArchiveRefusal) only when it is not a
// readable zip or has no users.json; everything else is skipped item by item into `report`.
import { eachItem, isObject, JSON_LIMIT, jsonArray, jsonObject, optStr } from './items.ts'
import { dayOf, readConversation, readMessage, readUser } from './slack.ts'
import type { ConversationKind, SlackConversation, SlackMessage, SlackUser } from './slack.ts'
import { LIMITS, openZip, ZipRefusal } from './zip.ts'
import type { Limits, OpenedZip, ReportItem } from './zip.ts'

export class ArchiveRefusal extends Error {}

export interface ChorusManifest {
  workspaceId: string
  name: string | null
}

export interface Archive {
  zip: OpenedZip
  report: ReportItem[]
  /** Set for Chorus's own exports (chorus.json): ids are Chorus's, text is Chorus markdown. */
  chorus: ChorusManifest | null
  users: SlackUser[]
  conversations: SlackConversation[]
  /** A conversation's day files (paths), oldest first. */
  days(conversation: SlackConversation): string[]
  /** A day file's messages (items that are not messages left out, bad ones reported). */
  messages(path: string): SlackMessage[]
}

const LISTS: [string, ConversationKind][] = [
  ['channels.json', 'public'],
  ['groups.json', 'private'],
  ['dms.json', 'dm'],
  ['mpims.json', 'mpim'],
]

function items(zip: OpenedZip, file: string, report: ReportItem[]): unknown[] {
  const entry = zip.index.entries.get(file)
  if (!entry) return []
  if (entry.size > JSON_LIMIT) {
    report.push({ file, reason: `The file is over ${JSON_LIMIT} bytes.` })
    return []
  }
  const bytes = zip.read(file, JSON_LIMIT)
  return bytes ? (jsonArray(bytes, file, report) ?? []) : []
}

function readChorus(zip: OpenedZip, report: ReportItem[]): ChorusManifest | null {
  const bytes = zip.read('chorus.json', 1024 ** 2)
  if (!bytes) return null
  const value = jsonObject(bytes, 'chorus.json', report)
  if (!value || value.format !== 'chorus-export') return null
  const workspace = isObject(value.workspace) ? value.workspace : {}
  const id = optStrSafe(workspace, 'id')
  if (!id) {
    report.push({
      file: 'chorus.json',
      reason: 'It names no workspace id; read as a Slack export.',
    })
    return null
  }
  return { workspaceId: id.toLowerCase(), name: optStrSafe(workspace, 'name') }
}

function optStrSafe(item: Record<string, unknown>, field: string): string | null {
  try {
    return optStr(item, field)
  } catch {
    return null
  }
}

/** Opens an archive's bytes (ArchiveRefusal when it cannot be imported at all). */
export function openArchive(bytes: Uint8Array, limits: Limits = LIMITS): Archive {
  let zip: OpenedZip
  try {
    zip = openZip(bytes, limits)
  } catch (error) {
    if (error instanceof ZipRefusal) throw new ArchiveRefusal(error.message)
    throw new ArchiveRefusal('The file is not a zip archive.')
  }
  const report = zip.index.report
  if (!zip.index.entries.has('users.json')) {
    throw new ArchiveRefusal(
      'The archive has no users.json at its top level: it is not a Slack export.'
    )
  }
  const chorus = readChorus(zip, report)
  const users = eachItem(items(zip, 'users.json', report), 'users.json', report, readUser)
  const seenUsers = new Set<string>()
  const uniqueUsers = users.filter((user) => !seenUsers.has(user.id) && seenUsers.add(user.id))
  const conversations: SlackConversation[] = []
  const seen = new Set<string>()
  const folders = new Set<string>()
  for (const [file, kind] of LISTS) {
    const list = eachItem(items(zip, file, report), file, report, (item) =>
      readConversation(kind, item)
    )
    list.forEach((conversation) => {
      if (seen.has(conversation.id) || folders.has(conversation.folder)) {
        report.push({ file, reason: `The conversation ${conversation.id} is listed twice.` })
        return
      }
      seen.add(conversation.id)
      folders.add(conversation.folder)
      conversations.push(conversation)
    })
  }
  const byFolder = new Map<string, string[]>()
  for (const name of zip.names()) {
    const slash = name.indexOf('/')
    if (slash < 0) continue
    const folder = name.slice(0, slash)
    if (!folders.has(folder) || dayOf(name, folder) === null) continue
    byFolder.set(folder, [...(byFolder.get(folder) ?? []), name])
  }
  for (const list of byFolder.values()) list.sort()
  return {
    zip,
    report,
    chorus,
    users: uniqueUsers,
    conversations,
    days: (conversation) => byFolder.get(conversation.folder) ?? [],
    messages(path) {
      const list = items(zip, path, report)
      const messages = eachItem(list, path, report, readMessage)
      return messages
    },
  }
}
