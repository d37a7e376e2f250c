// An archive opened for import: its people, its conversations with their day files in order, and
// each day's messages on demand, read as a stream (issue 49, item 7: the archive is read where it
// lies, a range at a time, and a day file item by item, so neither is ever whole in memory).
// Refuses the whole archive (ArchiveRefusal) only when it is not a readable zip or has no
// users.json; everything else is skipped item by item into `report`.
import { isObject, ItemError, JSON_LIMIT, jsonObject, optStr } from './items.ts'
import type { Json } from './items.ts'
import { jsonItems } from './json-stream.ts'
import { dayOf, readConversation, readMessage, readUser } from './slack.ts'
import type { ConversationKind, SlackConversation, SlackMessage, SlackUser } from './slack.ts'
import { CodedError, reported } from './codes.ts'
import type { FailureCode } from './codes.ts'
import { LIMITS, tooBig, ZipRefusal } from './zip.ts'
import type { Limits, ReportItem } from './zip.ts'
import { bytesSource, openZipSource, SourceError } from './zip-source.ts'
import type { StreamedZip, ZipSource } from './zip-source.ts'

/** The archive cannot be imported at all: the import fails with this code (codes.ts). */
export class ArchiveRefusal extends CodedError<FailureCode> {}

export interface ChorusManifest {
  workspaceId: string
  name: string | null
}

export interface Archive {
  zip: StreamedZip
  report: ReportItem[]
  /** Set for Chorus's own exports (chorus.json): ids are Chorus's, text is Chorus markdown. */
  chorus: ChorusManifest | null
  users: SlackUser[]
  conversations: SlackConversation[]
  /** A conversation's day files (paths), oldest first. */
  days(conversation: SlackConversation): string[]
  /**
   * A day file's messages as it is read (items that are not messages left out, bad ones and a
   * file that cannot be read reported into `report`, the archive's own unless given).
   */
  messages(path: string, report?: ReportItem[]): AsyncGenerator<SlackMessage>
}

const LISTS: [string, ConversationKind][] = [
  ['channels.json', 'public'],
  ['groups.json', 'private'],
  ['dms.json', 'dm'],
  ['mpims.json', 'mpim'],
]

/** An item read by `read`, or null when it refuses it (ItemError: reported). */
function judge<T>(
  value: unknown,
  index: number,
  file: string,
  report: ReportItem[],
  read: (item: Json, index: number) => T | null
): T | null {
  try {
    if (!isObject(value)) throw new ItemError('item_not_object', {}, 'The item is not an object.')
    return read(value, index)
  } catch (error) {
    if (!(error instanceof ItemError)) throw error
    report.push(reported(file, error, index))
    return null
  }
}

/** The items of one of the archive's lists (users.json, channels.json, …), read by `read`. */
async function list<T>(
  zip: StreamedZip,
  file: string,
  report: ReportItem[],
  read: (item: Json, index: number) => T | null
): Promise<T[]> {
  const entry = zip.index.entries.get(file)
  if (!entry) return []
  if (entry.size > JSON_LIMIT) {
    report.push({ file, ...tooBig(JSON_LIMIT) })
    return []
  }
  const out: T[] = []
  for await (const { index, value } of jsonItems(zip.chunks(file, JSON_LIMIT), file, report)) {
    const item = judge(value, index, file, report, read)
    if (item !== null) out.push(item)
  }
  return out
}

async function readChorus(zip: StreamedZip, report: ReportItem[]): Promise<ChorusManifest | null> {
  const bytes = await zip.read('chorus.json', 1024 ** 2)
  if (!bytes) return null
  const value = jsonObject(bytes, 'chorus.json', report)
  if (!value || value.format !== 'chorus-export') return null
  const workspace = isObject(value.workspace) ? value.workspace : {}
  const id = optStrSafe(workspace, 'id')
  if (!id) {
    report.push({
      file: 'chorus.json',
      code: 'no_workspace_id',
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

/**
 * Opens an archive (ArchiveRefusal when it cannot be imported at all): where it lies (a
 * ZipSource, read by ranges), or its bytes (tests).
 */
export async function openArchive(
  from: Uint8Array | ZipSource,
  limits: Limits = LIMITS
): Promise<Archive> {
  const source = from instanceof Uint8Array ? bytesSource(from) : from
  let zip: StreamedZip
  try {
    zip = await openZipSource(source, limits)
  } catch (error) {
    if (error instanceof ZipRefusal) {
      throw new ArchiveRefusal(error.code, error.values, error.message)
    }
    if (error instanceof SourceError) throw error
    throw new ArchiveRefusal('not_zip', {}, 'The file is not a zip archive.')
  }
  const report = zip.index.report
  if (!zip.index.entries.has('users.json')) {
    throw new ArchiveRefusal(
      'not_slack_export',
      {},
      'The archive has no users.json at its top level: it is not a Slack export.'
    )
  }
  const chorus = await readChorus(zip, report)
  const users = await list(zip, 'users.json', report, readUser)
  const seenUsers = new Set<string>()
  const uniqueUsers = users.filter((user) => !seenUsers.has(user.id) && seenUsers.add(user.id))
  const conversations: SlackConversation[] = []
  const seen = new Set<string>()
  const folders = new Set<string>()
  for (const [file, kind] of LISTS) {
    const listed = await list(zip, file, report, (item) => readConversation(kind, item))
    listed.forEach((conversation) => {
      if (seen.has(conversation.id) || folders.has(conversation.folder)) {
        report.push({
          file,
          code: 'conversation_twice',
          values: { id: conversation.id },
          reason: `The conversation ${conversation.id} is listed twice.`,
        })
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
    const days = byFolder.get(folder)
    if (days) days.push(name)
    else byFolder.set(folder, [name])
  }
  for (const days of byFolder.values()) days.sort()
  return {
    zip,
    report,
    chorus,
    users: uniqueUsers,
    conversations,
    days: (conversation) => byFolder.get(conversation.folder) ?? [],
    async *messages(path, into = report) {
      for await (const { index, value } of jsonItems(zip.chunks(path), path, into)) {
        const message = judge(value, index, path, into, readMessage)
        if (message !== null) yield message
      }
    },
  }
}
