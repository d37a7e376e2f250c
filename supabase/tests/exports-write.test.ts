// The archive writer (functions/_shared/archive/write*.ts), pure: the zip it streams reads back
// with fflate, entry by entry as FORMAT.md says, and its bytes leave as they are made.
import { randomBytes, randomUUID } from 'node:crypto'
import { crc32 } from 'node:zlib'
import { strFromU8, unzipSync } from 'fflate'
import { describe, expect, it } from 'vitest'
import { ArchiveWriter, checkEntryName } from '../functions/_shared/archive/write.ts'
import {
  chorusManifest,
  conversationFile,
  dayOf,
  filePath,
  folderOf,
  slackConversation,
  slackMessage,
} from '../functions/_shared/archive/write-slack.ts'
import type { ConversationRow, MessageRow } from '../functions/_shared/archive/write-slack.ts'

/** The central directory's CRC-32 of each entry, by name. */
function centralCrcs(zip: Buffer): Map<string, number> {
  const crcs = new Map<string, number>()
  let at = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]))
  const count = zip.readUInt16LE(at + 10)
  at = zip.readUInt32LE(at + 16)
  for (let i = 0; i < count; i++) {
    const nameLength = zip.readUInt16LE(at + 28)
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString('utf8')
    crcs.set(name, zip.readUInt32LE(at + 16))
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32)
  }
  return crcs
}

function collect() {
  const chunks: Uint8Array[] = []
  const sink = async (chunk: Uint8Array) => {
    chunks.push(chunk.slice())
  }
  const zip = () => Buffer.concat(chunks)
  return { chunks, sink, zip }
}

const message = (over: Partial<MessageRow> = {}): MessageRow => ({
  id: randomUUID(),
  author_id: 'u1',
  body: 'hello **world**',
  ts: '1700000000.000100',
  thread_ts: null,
  parent_author_id: null,
  in_channel: false,
  deleted: false,
  reply_count: 0,
  reply_users: [],
  latest_reply: null,
  edited_ts: null,
  versions: [],
  reactions: [],
  files: [],
  pinned: false,
  ...over,
})

const conversation = (over: Partial<ConversationRow> = {}): ConversationRow => ({
  id: randomUUID(),
  kind: 'public',
  name: 'general',
  topic: 'All of us',
  created: 1700000000,
  created_by: 'u1',
  archived: false,
  is_default: true,
  is_group: false,
  members: ['u1', 'u2'],
  ...over,
})

describe('the zip', () => {
  it('reads back entry by entry, JSON and bytes as written, streamed while made', async () => {
    const { chunks, sink, zip } = collect()
    const writer = new ArchiveWriter(sink)
    await writer.addJson('chorus.json', { format: 'chorus-export', version: 1 })
    const big = randomBytes(1024 * 1024)
    async function* pieces() {
      for (let at = 0; at < big.length; at += 16 * 1024) yield big.subarray(at, at + 16 * 1024)
    }
    const before = chunks.length
    expect(await writer.addStream('files/F1/photo.png', pieces(), 'image/png')).toBe(big.length)
    // The file's bytes left before the archive ended (a stored entry comes out as it goes in).
    expect(chunks.length - before).toBeGreaterThan(10)
    const text = new TextEncoder().encode('a'.repeat(100_000))
    await writer.addStream('files/F2/notes.txt', new Blob([text]).stream(), 'text/plain')
    await writer.addStream('files/F3/empty.txt', new Blob([]).stream(), 'text/plain')
    const size = await writer.finish()
    expect(size).toBe(zip().length)

    const entries = unzipSync(new Uint8Array(zip()))
    expect(Object.keys(entries)).toEqual([
      'chorus.json',
      'files/F1/photo.png',
      'files/F2/notes.txt',
      'files/F3/empty.txt',
    ])
    expect(JSON.parse(strFromU8(entries['chorus.json']!))).toEqual({
      format: 'chorus-export',
      version: 1,
    })
    expect(Buffer.from(entries['files/F1/photo.png']!).equals(big)).toBe(true)
    expect(entries['files/F2/notes.txt']).toEqual(text)
    expect(entries['files/F3/empty.txt']).toHaveLength(0)
    // Each entry's CRC-32 is the one of its bytes (fflate's reader does not check them).
    const crcs = centralCrcs(zip())
    for (const [name, bytes] of Object.entries(entries))
      expect(crcs.get(name), name).toBe(crc32(bytes))
    // Text is deflated: the zip is far smaller than its 100,000 repeated letters.
    expect(size).toBeLessThan(big.length + 20_000)
  })

  it('refuses names the import would refuse, and a name twice, before writing them', async () => {
    for (const name of [
      '/etc/passwd',
      '../up.json',
      'a/../b.json',
      'back\\slash',
      'a//b',
      '',
      'x'.repeat(256),
    ]) {
      expect(() => checkEntryName(name)).toThrow(/Not a name/)
    }
    const writer = new ArchiveWriter(async () => {})
    await writer.addJson('users.json', [])
    await expect(writer.addJson('users.json', [])).rejects.toThrow(/already holds/)
  })

  it('passes on a failing sink', async () => {
    const writer = new ArchiveWriter(async () => {
      throw new Error('Storage went away')
    })
    await expect(writer.addJson('users.json', [])).rejects.toThrow('Storage went away')
  })
})

describe("Slack's shapes with Chorus's additions", () => {
  it('lists each kind of conversation in its file and folder', () => {
    const general = conversation()
    const secret = conversation({
      kind: 'private',
      name: 'secret',
      is_default: false,
      keep_days: 30,
    })
    const dm = conversation({ kind: 'dm', name: null, members: ['u1', 'u2'] })
    const group = conversation({
      kind: 'dm',
      name: null,
      is_group: true,
      members: ['u1', 'u2', 'u3'],
    })
    const slashed = conversation({ name: 'ops/infra', is_default: false })
    expect([general, secret, dm, group, slashed].map(conversationFile)).toEqual([
      'channels.json',
      'groups.json',
      'dms.json',
      'mpims.json',
      'channels.json',
    ])
    expect(folderOf(general)).toBe('general')
    expect(folderOf(dm)).toBe(dm.id)
    expect(folderOf(group)).toBe(`mpdm-${group.id}`)
    expect(folderOf(slashed)).toBe(slashed.id)
    expect(slackConversation(slashed)).toMatchObject({
      name: 'ops/infra',
      chorus: { folder: slashed.id },
    })
    expect(slackConversation(general)).toEqual({
      id: general.id,
      name: 'general',
      created: 1700000000,
      creator: 'u1',
      is_archived: false,
      is_general: true,
      members: ['u1', 'u2'],
      topic: { value: 'All of us', creator: '', last_set: 0 },
      purpose: { value: '', creator: '', last_set: 0 },
    })
    expect(slackConversation(secret)).toMatchObject({ chorus: { retention_days: 30 } })
    // Who may post (announcement channels), when it is not everyone.
    const posting = { who: 'listed' as const, replies: false, people: ['u2'] }
    expect(slackConversation({ ...general, posting })).toMatchObject({ chorus: { posting } })
    expect(slackConversation(dm)).toEqual({ id: dm.id, created: 1700000000, members: ['u1', 'u2'] })
    expect(slackConversation(group)).toMatchObject({
      name: `mpdm-${group.id}`,
      members: ['u1', 'u2', 'u3'],
    })
  })

  it('writes threads, edits with their versions, reactions, files and pins', () => {
    const parent = message({
      reply_count: 2,
      reply_users: ['u2'],
      latest_reply: '1700000100.000000',
      edited_ts: '1700000050.000001',
      versions: [{ body: 'helo', edited_at: '1700000000.000100' }],
      reactions: [
        { emoji: ':tada:', users: ['u2', 'u3'] },
        { emoji: '👍', users: ['u1'] },
      ],
      pinned: true,
    })
    expect(slackMessage(parent, 'C1')).toEqual({
      type: 'message',
      user: 'u1',
      text: 'hello **world**',
      ts: '1700000000.000100',
      client_msg_id: parent.id,
      thread_ts: '1700000000.000100',
      reply_count: 2,
      reply_users: ['u2'],
      reply_users_count: 1,
      latest_reply: '1700000100.000000',
      edited: { user: 'u1', ts: '1700000050.000001' },
      chorus_versions: [{ body: 'helo', edited_at: '1700000000.000100' }],
      reactions: [
        { name: 'tada', users: ['u2', 'u3'], count: 2 },
        { name: '👍', users: ['u1'], count: 1 },
      ],
      pinned_to: ['C1'],
    })
    const file = { id: 'F1', name: 'a/b.png', mime_type: 'image/png', size: 3 }
    const reply = message({
      author_id: 'u2',
      ts: '1700000100.000000',
      thread_ts: parent.ts,
      parent_author_id: 'u1',
      in_channel: true,
      files: [file],
    })
    expect(slackMessage(reply, 'C1')).toMatchObject({
      subtype: 'thread_broadcast',
      thread_ts: parent.ts,
      parent_user_id: 'u1',
      files: [
        {
          id: 'F1',
          name: 'a/b.png',
          mimetype: 'image/png',
          size: 3,
          chorus_path: 'files/F1/a_b.png',
        },
      ],
    })
    expect(filePath(file)).toBe('files/F1/a_b.png')
    const tombstone = slackMessage(
      message({ deleted: true, body: 'secret', reply_count: 1, reply_users: ['u2'] }),
      'C1'
    )
    expect(tombstone).toMatchObject({ subtype: 'tombstone', text: '' })
    const anonymous = slackMessage(message({ author_id: null }), 'C1')
    expect(anonymous).not.toHaveProperty('user')
  })

  it('puts a message in its UTC day, and says what the archive is', () => {
    expect(dayOf('1700000000.000100')).toBe('2023-11-14')
    expect(dayOf('1699999199.999999')).toBe('2023-11-14')
    expect(dayOf('1699919999.999999')).toBe('2023-11-13')
    const at = new Date('2026-12-01T10:00:00Z')
    expect(
      chorusManifest({
        workspace: { id: 'w', name: 'W', slug: 'w' },
        kind: 'personal',
        person: 'u1',
        exportedAt: at,
      })
    ).toEqual({
      format: 'chorus-export',
      version: 1,
      workspace: { id: 'w', name: 'W', slug: 'w' },
      exported_at: '2026-12-01T10:00:00.000Z',
      kind: 'personal',
      person: 'u1',
    })
  })
})
