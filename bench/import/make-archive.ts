// The import benchmark's synthetic Slack export (FORMAT.md's layout): `messages` messages over
// `channels` public channels (a few private ones, DMs and group DMs among them), half a year of
// day files (80 conversations x 180 days: 14,400 entries), one message in
// 8 a thread reply (one reply in 10 also sent to the channel), one in 6 with reactions, one in 10
// mentioning someone, one in 15 with a link, one in 20 edited; people with emails
// person<i>@bench.test. Deterministic for a given seed (the same zip every time). With
// `bulkMiB`, files of 48 MiB as a Chorus export carries them (`chorus_path`, under files/,
// stored, attached to #general's first messages) make it that big, written to a file as a
// stream (writeArchive): the 2 GiB archive of issue 49, item 7.
//
//   node --import tsx bench/import/make-archive.ts [--messages 200000] [--bulk-mib 0] [--out slack-200k.zip]
import { randomBytes } from 'node:crypto'
import { createWriteStream } from 'node:fs'
import { writeFile } from 'node:fs/promises'
import { parseArgs } from 'node:util'
import { pathToFileURL } from 'node:url'
import { Zip, ZipDeflate, ZipPassThrough, zipSync } from 'fflate'
import { random } from '../team/world.ts'

export interface ArchiveOptions {
  messages: number
  channels?: number
  people?: number
  days?: number
  seed?: number
  /** Files of BULK_FILE bytes in the zip, attached to #general's first messages (writeArchive). */
  bulkFiles?: number
}

/** The size of one bulk file (under the attachments bucket's 50 MiB). */
export const BULK_FILE = 48 * 1024 ** 2

const WORDS = (
  'deploy review release sprint ticket design sketch budget roadmap meeting notes draft ' +
  'customer metrics launch retro bug fix test build cache queue schema index migrate ' +
  'coffee lunch friday weekend holiday plan idea question answer thanks great'
).split(' ')
const EMOJI = ['thumbsup', 'tada', 'eyes', 'heart', 'rocket', 'white_check_mark', 'joy', 'fire']

export interface SyntheticArchive {
  zip: Uint8Array
  messages: number
  conversations: number
  people: number
}

/** The archive's entries (without the bulk files' bytes, which writeArchive adds). */
function archiveFiles(options: ArchiveOptions): Omit<SyntheticArchive, 'zip'> & {
  files: Record<string, Uint8Array>
} {
  const rand = random(options.seed ?? 34)
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)]!
  const PEOPLE = options.people ?? 200
  const CHANNELS = options.channels ?? 60
  const DAYS = options.days ?? 180
  const start = Date.UTC(2024, 0, 1) / 1000
  const users = Array.from({ length: PEOPLE }, (_, i) => ({
    id: `U${String(i + 1).padStart(6, '0')}`,
    name: `person${i + 1}`,
    real_name: `Person ${i + 1}`,
    deleted: false,
    is_bot: false,
    profile: { email: `person${i + 1}@bench.test`, display_name: `Person ${i + 1}` },
  }))
  const members = (count: number) => {
    const set = new Set<string>()
    while (set.size < Math.min(count, PEOPLE)) set.add(pick(users).id)
    return [...set]
  }
  type Conversation = { id: string; folder: string; members: string[] }
  const channels: Record<string, unknown>[] = []
  const groups: Record<string, unknown>[] = []
  const dms: Record<string, unknown>[] = []
  const mpims: Record<string, unknown>[] = []
  const conversations: Conversation[] = []
  for (let i = 0; i < CHANNELS; i += 1) {
    const id = `C${String(i + 1).padStart(6, '0')}`
    const name = i === 0 ? 'general' : `${pick(WORDS)}-${i + 1}`
    const list = i === 0 ? users.map((u) => u.id) : members(10 + Math.floor(rand() * 60))
    const item = {
      id,
      name,
      created: start,
      creator: list[0],
      is_archived: i % 25 === 24,
      is_general: i === 0,
      members: list,
      topic: { value: `About ${name}` },
      purpose: { value: '' },
    }
    if (i % 10 === 9) groups.push({ ...item, id: `G${id.slice(1)}` })
    else channels.push(item)
    conversations.push({ id: i % 10 === 9 ? `G${id.slice(1)}` : id, folder: name, members: list })
  }
  for (let i = 0; i < Math.max(2, Math.floor(CHANNELS / 6)); i += 1) {
    const pair = members(2)
    const id = `D${String(i + 1).padStart(6, '0')}`
    dms.push({ id, created: start, members: pair })
    conversations.push({ id, folder: id, members: pair })
    const group = members(3 + (i % 4))
    const name = `mpdm-${group.join('--')}-1`.toLowerCase()
    mpims.push({ id: `M${id.slice(1)}`, name, created: start, creator: group[0], members: group })
    conversations.push({ id: `M${id.slice(1)}`, folder: name, members: group })
  }
  const files: Record<string, Uint8Array> = {}
  const encode = (value: unknown) => new TextEncoder().encode(JSON.stringify(value))
  // Messages spread over the conversations (busier first) and the days, oldest first.
  const perConversation = conversations.map((_, i) => 1 / (i + 2))
  const weight = perConversation.reduce((a, b) => a + b, 0)
  let made = 0
  conversations.forEach((conversation, c) => {
    const count =
      c === conversations.length - 1
        ? options.messages - made
        : Math.round((options.messages * perConversation[c]!) / weight)
    made += count
    const byDay = new Map<number, Record<string, unknown>[]>()
    const parents: string[] = []
    for (let n = 0; n < count; n += 1) {
      const second = start + Math.floor((n / Math.max(count, 1)) * DAYS * 86400)
      const ts = `${second}.${String(n % 1000000).padStart(6, '0')}`
      const user = pick(conversation.members)
      let text = Array.from({ length: 4 + Math.floor(rand() * 12) }, () => pick(WORDS)).join(' ')
      if (rand() < 0.1) text += ` <@${pick(conversation.members)}>`
      if (rand() < 0.066) text += ` see <https://example.com/${pick(WORDS)}|${pick(WORDS)}>`
      if (rand() < 0.1) text = `*${text}*`
      const message: Record<string, unknown> = { type: 'message', user, text, ts }
      if (parents.length > 0 && rand() < 0.125) {
        message.thread_ts = pick(parents.slice(-20))
        message.parent_user_id = user
        if (rand() < 0.1) message.subtype = 'thread_broadcast'
      } else parents.push(ts)
      if (rand() < 0.166) {
        message.reactions = [
          { name: pick(EMOJI), users: members(1 + Math.floor(rand() * 3)), count: 1 },
        ]
      }
      if (rand() < 0.05) message.edited = { user, ts: `${second + 60}.000000` }
      if (c === 0 && n < (options.bulkFiles ?? 0)) {
        const name = `bulk-${n + 1}.zip`
        message.files = [
          {
            id: `FB${n + 1}`,
            name,
            mimetype: 'application/zip',
            chorus_path: `files/FB${n + 1}/${name}`,
          },
        ]
      }
      const day = Math.floor((second - start) / 86400)
      byDay.set(day, [...(byDay.get(day) ?? []), message])
    }
    for (const [day, list] of byDay) {
      const date = new Date((start + day * 86400) * 1000).toISOString().slice(0, 10)
      files[`${conversation.folder}/${date}.json`] = encode(list)
    }
  })
  files['users.json'] = encode(users)
  files['channels.json'] = encode(channels)
  files['groups.json'] = encode(groups)
  files['dms.json'] = encode(dms)
  files['mpims.json'] = encode(mpims)
  return {
    files,
    messages: options.messages,
    conversations: conversations.length,
    people: PEOPLE,
  }
}

export function makeArchive(options: ArchiveOptions): SyntheticArchive {
  const { files, ...counts } = archiveFiles(options)
  return { zip: zipSync(files, { level: 1 }), ...counts }
}

/**
 * The archive written to `file` as a stream, with `bulkMiB` MiB of bulk files (stored: random
 * bytes do not compress). Returns the counts and the zip's size and its unpacked size.
 */
export async function writeArchive(
  file: string,
  options: ArchiveOptions & { bulkMiB: number }
): Promise<Omit<SyntheticArchive, 'zip'> & { bytes: number; unpacked: number }> {
  const bulkFiles = Math.floor((options.bulkMiB * 1024 ** 2) / BULK_FILE)
  const { files, ...counts } = archiveFiles({ ...options, bulkFiles })
  const out = createWriteStream(file)
  let bytes = 0
  let pending = Promise.resolve()
  const zip = new Zip((error, data) => {
    if (error) throw error
    bytes += data.length
    if (!out.write(data)) pending = new Promise((resolve) => out.once('drain', resolve))
  })
  let unpacked = 0
  for (const [name, data] of Object.entries(files)) {
    const entry = new ZipDeflate(name, { level: 1 })
    zip.add(entry)
    entry.push(data, true)
    unpacked += data.length
    await pending
  }
  const piece = randomBytes(1024 ** 2)
  for (let i = 1; i <= bulkFiles; i += 1) {
    const entry = new ZipPassThrough(`files/FB${i}/bulk-${i}.zip`)
    zip.add(entry)
    for (let at = 0; at < BULK_FILE; at += piece.length) {
      piece.writeUInt32LE(i * 100_000 + at / piece.length, 0)
      entry.push(Uint8Array.from(piece), at + piece.length >= BULK_FILE)
      await pending
    }
    unpacked += BULK_FILE
  }
  zip.end()
  await pending
  await new Promise<void>((resolve, reject) =>
    out.end((error?: Error | null) => (error ? reject(error) : resolve()))
  )
  return { ...counts, bytes, unpacked }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({
    options: {
      messages: { type: 'string', default: '200000' },
      'bulk-mib': { type: 'string', default: '0' },
      out: { type: 'string', default: 'slack-export.zip' },
    },
  })
  const bulkMiB = Number(values['bulk-mib'])
  if (bulkMiB > 0) {
    const written = await writeArchive(values.out, { messages: Number(values.messages), bulkMiB })
    console.log(
      `${values.out}: ${written.messages} messages, ${(written.bytes / 1024 ** 2).toFixed(1)} MiB ` +
        `(${(written.unpacked / 1024 ** 2).toFixed(1)} MiB unpacked)`
    )
  } else {
    const archive = makeArchive({ messages: Number(values.messages) })
    await writeFile(values.out, archive.zip)
    console.log(
      `${values.out}: ${archive.messages} messages in ${archive.conversations} conversations, ` +
        `${archive.people} people, ${(archive.zip.length / 1024 ** 2).toFixed(1)} MiB`
    )
  }
}
