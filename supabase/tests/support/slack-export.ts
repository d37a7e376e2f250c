// Slack exports for the import's tests, built as Slack's export is laid out (FORMAT.md): a
// synthetic team (people, public and private channels, a DM and a group DM, threads, reactions,
// mentions, links, edits, a file link), and hostile archives (path traversal names, a zip bomb,
// a lying size header, bad JSON, unknown fields, not a zip).
import { deflateSync, zipSync } from 'fflate'

export type Files = Record<string, unknown>

const encoder = new TextEncoder()

/** A zip of these files: JSON values are serialized, strings and bytes kept as they are. */
export function zipOf(files: Files): Uint8Array {
  const entries: Record<string, Uint8Array> = {}
  for (const [name, value] of Object.entries(files)) {
    entries[name] =
      value instanceof Uint8Array
        ? value
        : encoder.encode(typeof value === 'string' ? value : JSON.stringify(value))
  }
  return zipSync(entries, { level: 6 })
}

/** Slack's ts for a time (seconds.micros). */
export const tsOf = (date: Date, micros = 0) =>
  `${Math.floor(date.getTime() / 1000)}.${String(micros).padStart(6, '0')}`

export interface TeamOptions {
  /** Email addresses of the people (U1…); an existing account's email matches it. */
  emails: [string, string, string]
  /** A file link messages carry (served by the test's HTTP server), or none. */
  fileUrl?: string
  /** Extra files in the zip. */
  extra?: Files
}

const BASE = new Date('2024-03-01T09:00:00Z')
const at = (minutes: number) => tsOf(new Date(BASE.getTime() + minutes * 60_000))

/** The synthetic team's export (see the module's comment); its ts values are stable. */
export function teamExport(options: TeamOptions): Files {
  const [ann, ben, cat] = options.emails
  const user = (id: string, name: string, email: string) => ({
    id,
    name: name.toLowerCase(),
    real_name: name,
    deleted: false,
    is_bot: false,
    color: '9f69e7',
    profile: { email, display_name: name, real_name: name, title: '', image_512: '' },
  })
  const parent = at(0)
  return {
    'users.json': [
      user('U1', 'Ann Slack', ann),
      user('U2', 'Ben Slack', ben),
      user('U3', 'Cat Slack', cat),
      { id: 'B1', name: 'deploybot', is_bot: true, profile: { real_name: 'Deploy Bot' } },
    ],
    'channels.json': [
      {
        id: 'C1',
        name: 'general',
        created: 1700000000,
        creator: 'U1',
        is_archived: false,
        is_general: true,
        members: ['U1', 'U2', 'U3'],
        topic: { value: 'Company-wide', creator: 'U1', last_set: 0 },
        purpose: { value: 'Everything', creator: 'U1', last_set: 0 },
        pins: [{ id: parent, type: 'C' }],
      },
      {
        id: 'C2',
        name: 'old-project',
        created: 1700000000,
        creator: 'U2',
        is_archived: true,
        is_general: false,
        members: ['U1', 'U2'],
        topic: { value: '' },
        purpose: { value: 'Finished' },
      },
    ],
    'groups.json': [
      {
        id: 'G1',
        name: 'secret-plans',
        created: 1700000000,
        creator: 'U1',
        is_archived: false,
        members: ['U1', 'U3'],
        topic: { value: 'Hush' },
        purpose: { value: '' },
      },
    ],
    'dms.json': [{ id: 'D1', created: 1700000000, members: ['U1', 'U2'] }],
    'mpims.json': [
      {
        id: 'M1',
        name: 'mpdm-ann--ben--cat-1',
        created: 1700000000,
        creator: 'U1',
        members: ['U1', 'U2', 'U3'],
      },
    ],
    'general/2024-03-01.json': [
      {
        type: 'message',
        subtype: 'channel_join',
        user: 'U3',
        text: '<@U3> has joined',
        ts: at(-5),
      },
      {
        type: 'message',
        user: 'U1',
        text: 'Kickoff *plan* for <#C2|old-project>: see <https://example.com/plan?a=1&amp;b=2|the plan> &amp; ask <@U2>',
        ts: parent,
        thread_ts: parent,
        reply_count: 2,
        reply_users: ['U2', 'U3'],
        reactions: [
          { name: 'thumbsup', users: ['U2', 'U3'], count: 2 },
          { name: 'party_parrot', users: ['U2'], count: 1 },
        ],
        edited: { user: 'U1', ts: at(3) },
        blocks: [{ type: 'rich_text', elements: [] }],
        client_msg_id: 'c0a1b2c3-0000-4000-8000-000000000001',
      },
      {
        type: 'message',
        user: 'U2',
        text: 'Sounds ~good~ _great_, zebrafish',
        ts: at(1),
        thread_ts: parent,
        parent_user_id: 'U1',
      },
      {
        type: 'message',
        subtype: 'thread_broadcast',
        user: 'U3',
        text: 'Shipping it <!here> `x < y`',
        ts: at(2),
        thread_ts: parent,
        parent_user_id: 'U1',
      },
      {
        type: 'message',
        subtype: 'bot_message',
        bot_id: 'B1',
        username: 'deploybot',
        text: 'Deployed v2',
        ts: at(4),
      },
      ...(options.fileUrl
        ? [
            {
              type: 'message',
              user: 'U2',
              text: 'the diagram',
              ts: at(5),
              files: [
                {
                  id: 'F1',
                  name: 'diagram.png',
                  title: 'diagram',
                  mimetype: 'image/png',
                  size: 4,
                  url_private: options.fileUrl,
                  url_private_download: options.fileUrl,
                },
              ],
            },
            {
              type: 'message',
              user: 'U2',
              text: 'and a lost one',
              ts: at(6),
              files: [
                {
                  id: 'F2',
                  name: 'gone.txt',
                  mimetype: 'text/plain',
                  url_private: `${options.fileUrl}/missing`,
                },
              ],
            },
          ]
        : []),
    ],
    'general/2024-03-02.json': [
      {
        type: 'message',
        user: 'U3',
        text: 'Day two: <mailto:ann@example.com|mail Ann> and <https://example.org>',
        ts: at(24 * 60),
      },
    ],
    'old-project/2024-02-01.json': [
      {
        type: 'message',
        user: 'U2',
        text: 'archived talk about narwhals',
        ts: tsOf(new Date('2024-02-01T10:00:00Z')),
      },
    ],
    'secret-plans/2024-03-01.json': [
      { type: 'message', user: 'U1', text: '> quoted\nsecret pelican', ts: at(10) },
      // a thread whose first message was deleted: Slack keeps it as a tombstone
      {
        type: 'message',
        subtype: 'tombstone',
        user: 'USLACKBOT',
        text: 'This message was deleted.',
        ts: at(20),
        thread_ts: at(20),
        reply_count: 1,
      },
      {
        type: 'message',
        user: 'U3',
        text: 'answer to a deleted question',
        ts: at(21),
        thread_ts: at(20),
      },
    ],
    'D1/2024-03-01.json': [
      { type: 'message', user: 'U2', text: 'a direct word about otters', ts: at(11) },
    ],
    'mpdm-ann--ben--cat-1/2024-03-01.json': [
      { type: 'message', user: 'U3', text: 'group chat about walruses', ts: at(12) },
    ],
    ...options.extra,
  }
}

/** A deflated entry that says it is `claimed` bytes but inflates to `actual` (a lying header). */
export function lyingZip(name: string, actual: number, claimed: number): Uint8Array {
  const zip = zipOf({ 'users.json': [], [name]: new Uint8Array(actual).fill(0x20) })
  // Patch the entry's uncompressed size in the central directory (and its local header).
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength)
  const bytes = encoder.encode(name)
  for (let at = 0; at + 4 < zip.length; at += 1) {
    const signature = view.getUint32(at, true)
    if (signature === 0x02014b50 && view.getUint16(at + 28, true) === bytes.length) {
      if (new TextDecoder().decode(zip.subarray(at + 46, at + 46 + bytes.length)) === name) {
        view.setUint32(at + 24, claimed, true)
      }
    }
    if (signature === 0x04034b50 && view.getUint16(at + 26, true) === bytes.length) {
      if (new TextDecoder().decode(zip.subarray(at + 30, at + 30 + bytes.length)) === name) {
        view.setUint32(at + 22, claimed, true)
      }
    }
  }
  return zip
}

/** An entry that inflates `ratio` times its compressed size: a zip bomb by the ratio. */
export function bombZip(megabytes: number): Uint8Array {
  return zipOf({ 'users.json': [], 'bomb.json': new Uint8Array(megabytes * 1024 ** 2) })
}

export { deflateSync }
