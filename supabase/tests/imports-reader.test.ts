// The import's reader (functions/_shared/archive): safe zip reading by FORMAT.md's limits, the
// day files item by item, Slack mrkdwn as Chorus markdown, deterministic ids, Chorus's own
// exports. Pure: no stack (the import over HTTP is imports.test.ts and imports-hostile.test.ts).
import { describe, expect, it } from 'vitest'
import { idsFor, uuidV5 } from '../functions/_shared/archive/ids.ts'
import { chorusToChorus, mrkdwnToChorus } from '../functions/_shared/slack/mrkdwn-archive.ts'
import type { MrkdwnContext } from '../functions/_shared/slack/mrkdwn-archive.ts'
import { ArchiveRefusal, openArchive } from '../functions/_shared/archive/read.ts'
import { LIMITS, readIndex, ZipRefusal } from '../functions/_shared/archive/zip.ts'
import { bytesSource, openZipSource } from '../functions/_shared/archive/zip-source.ts'
import { bombZip, lyingZip, teamExport, zipOf } from './support/slack-export.ts'
import { asZip64 } from './support/zip64.ts'

const WS = '0b7d4c3e-1111-4222-8333-444455556666'
const ANN = '11111111-1111-4111-8111-111111111111'
const GROUP = '22222222-2222-4222-8222-222222222222'
const CHAN = '33333333-3333-4333-8333-333333333333'

const context: MrkdwnContext = {
  workspaceId: WS,
  person: (id) => (id === 'U1' ? ANN : null),
  personName: (id) => (id === 'U9' ? 'Gone Person' : null),
  channel: (id) => (id === 'C1' ? { id: CHAN, name: 'general' } : null),
  group: (handle) => (handle === 'design' ? GROUP : null),
}
const convert = (text: string) => mrkdwnToChorus(text, context)

const emails: [string, string, string] = ['a@x.test', 'b@x.test', 'c@x.test']

describe('mrkdwn', () => {
  it('converts styles, entities, code and quotes', () => {
    expect(convert('*bold* _it_ ~strike~ and a*b*c')).toBe('**bold** _it_ ~~strike~~ and a*b*c')
    expect(convert('a &amp; b &lt;tag&gt;')).toBe('a & b \\<tag\\>')
    expect(convert('`*x* &lt;`')).toBe('`*x* <`')
    expect(convert('```\nlet *a* = 1\n```')).toBe('```\nlet *a* = 1\n```')
    expect(convert('&gt; quoted *line*\n> two')).toBe('> quoted **line**\n> two')
    expect(convert('a lone < stays')).toBe('a lone \\< stays')
  })

  it('converts mentions, channels, links and special words', () => {
    expect(convert('hi <@U1> and <@U1|ann>')).toBe(`hi <@${ANN}> and <@${ANN}>`)
    expect(convert('<@U9>, <@U8|someone_else>, <@U7>')).toBe('@Gone Person, @someone\\_else, @U7')
    expect(convert('see <#C1|general> and <#C1>')).toBe(
      `see [#general](/w/${WS}/c/${CHAN}) and [#general](/w/${WS}/c/${CHAN})`
    )
    expect(convert('<#C9|elsewhere>')).toBe('#elsewhere')
    expect(convert('<https://x.test/?a=1&amp;b=2|the [plan]>')).toBe(
      '[the \\[plan\\]](<https://x.test/?a=1&b=2>)'
    )
    expect(convert('<https://x.test/p>')).toBe('<https://x.test/p>')
    expect(convert('<mailto:a@x.test|mail me>')).toBe('[mail me](<mailto:a@x.test>)')
    expect(convert('<javascript:alert(1)|click>')).toBe('click')
    expect(convert('<!here> <!channel> <!everyone>')).toBe('<!here> <!channel> <!everyone>')
    expect(convert('<!subteam^S1|@design> <!subteam^S2|@nobody>')).toBe(
      `<!subteam^${GROUP}|@design> @nobody`
    )
    expect(convert('<!date^1392734382^{date}|Feb 18th>')).toBe('Feb 18th')
  })

  it("keeps Chorus's markdown and moves its ids (a Chorus export)", () => {
    const source = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa'
    const people: MrkdwnContext = {
      ...context,
      person: (id) => (id === 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb' ? ANN : null),
      channel: (id) =>
        id === 'cccccccc-cccc-4ccc-8ccc-cccccccccccc' ? { id: CHAN, name: 'g' } : null,
    }
    const body =
      '**hi** <@bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb> [#g](/w/aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa/c/cccccccc-cccc-4ccc-8ccc-cccccccccccc) <!subteam^dddddddd-dddd-4ddd-8ddd-dddddddddddd|@design> <!here>'
    expect(chorusToChorus(body, people, source)).toBe(
      `**hi** <@${ANN}> [#g](/w/${WS}/c/${CHAN}) <!subteam^${GROUP}|@design> <!here>`
    )
  })
})

describe('ids', () => {
  it('are UUID v5 of the workspace and the Slack identity: stable, distinct per workspace', () => {
    expect(uuidV5('6ba7b810-9dad-11d1-80b4-00c04fd430c8', 'www.example.com')).toBe(
      '2ed6657d-e927-568b-95e1-2665a8aea6a2'
    )
    const ids = idsFor(WS)
    expect(ids.message('C1', '1.000100')).toBe(idsFor(WS).message('C1', '1.000100'))
    expect(ids.message('C1', '1.000100')).not.toBe(ids.message('C2', '1.000100'))
    expect(ids.person('U1')).not.toBe(idsFor(ANN).person('U1'))
  })
})

describe('the archive', () => {
  it('reads people, conversations, day files in order and messages, skipping events', async () => {
    const archive = await openArchive(zipOf(teamExport({ emails })))
    expect(archive.chorus).toBeNull()
    expect(archive.users.map((u) => [u.id, u.email, u.isBot])).toEqual([
      ['U1', 'a@x.test', false],
      ['U2', 'b@x.test', false],
      ['U3', 'c@x.test', false],
      ['B1', null, true],
    ])
    expect(archive.conversations.map((c) => [c.id, c.kind, c.folder, c.archived])).toEqual([
      ['C1', 'public', 'general', false],
      ['C2', 'public', 'old-project', true],
      ['G1', 'private', 'secret-plans', false],
      ['D1', 'dm', 'D1', false],
      ['M1', 'mpim', 'mpdm-ann--ben--cat-1', false],
    ])
    const general = archive.conversations[0]!
    expect(general.topic).toBe('Company-wide')
    expect(archive.days(general)).toEqual(['general/2024-03-01.json', 'general/2024-03-02.json'])
    const messages = await all(archive.messages('general/2024-03-01.json'))
    expect(messages.map((m) => [m.user, m.parentTs !== null, m.broadcast])).toEqual([
      ['U1', false, false],
      ['U2', true, false],
      ['U3', true, true],
      [null, false, false],
    ])
    expect(messages[0]).toMatchObject({
      createdAt: '2024-03-01T09:00:00.000000Z',
      editedAt: '2024-03-01T09:03:00.000000Z',
      reactions: [
        { name: 'thumbsup', users: ['U2', 'U3'] },
        { name: 'party_parrot', users: ['U2'] },
      ],
    })
    expect(messages[3]).toMatchObject({ botName: 'deploybot', subtype: 'bot_message' })
    expect(archive.report).toEqual([])
  })

  it('skips and reports wrong items and files, ignoring unknown fields', async () => {
    const files = teamExport({ emails })
    const archive = await openArchive(
      zipOf({
        ...files,
        'users.json': [
          ...(files['users.json'] as unknown[]),
          { id: 7 },
          'nobody',
          { id: 'U5', surprise: { deep: [1] } },
        ],
        'groups.json': '{not json',
        'dms.json': { not: 'an array' },
        'general/2024-03-03.json': [
          { type: 'message', user: 'U1', text: 'fine', ts: '1709500000.000100', future_field: 1 },
          { type: 'message', user: 'U1', text: 'bad ts', ts: 'yesterday' },
          {
            type: 'message',
            user: 'U1',
            text: 'bad reactions',
            ts: '1709500001.000100',
            reactions: 'lots',
          },
          { type: 'message', text: 'no author', ts: '1709500002.000100' },
        ],
      })
    )
    expect(archive.users.map((u) => u.id)).toEqual(['U1', 'U2', 'U3', 'B1', 'U5'])
    expect(archive.conversations.map((c) => c.id)).toEqual(['C1', 'C2', 'M1'])
    const read = await all(archive.messages('general/2024-03-03.json'))
    expect(read.map((m) => m.text)).toEqual(['fine', 'no author'])
    // a message with no author (Chorus's export writes one so: FORMAT.md) is read, authorless
    expect(read[1]).toMatchObject({
      user: null,
      botName: null,
    })
    expect(archive.report).toEqual([
      { file: 'users.json', index: 4, reason: '"id" is not a non-empty string.' },
      { file: 'users.json', index: 5, reason: 'The item is not an object.' },
      { file: 'groups.json', reason: 'The file is not valid JSON (UTF-8).' },
      { file: 'dms.json', reason: 'The file is not a JSON array.' },
      { file: 'general/2024-03-03.json', index: 1, reason: '"ts" is not a Slack timestamp.' },
      { file: 'general/2024-03-03.json', index: 2, reason: '"reactions" is not an array.' },
    ])
  })

  it('reads a Chorus export by its chorus.json', async () => {
    const archive = await openArchive(
      zipOf({
        ...teamExport({ emails }),
        'chorus.json': {
          format: 'chorus-export',
          version: 1,
          workspace: { id: WS.toUpperCase(), name: 'Old', slug: 'old' },
          kind: 'workspace',
        },
      })
    )
    expect(archive.chorus).toEqual({ workspaceId: WS, name: 'Old' })
    expect((await all(archive.messages('general/2024-03-01.json')))[0]!.chorusId).toBe(
      'c0a1b2c3-0000-4000-8000-000000000001'
    )
  })
})

describe('hostile archives', () => {
  it('refuses what is not a zip, or has no users.json', async () => {
    await expect(
      openArchive(new TextEncoder().encode('just text, not a zip at all'))
    ).rejects.toThrow(new ArchiveRefusal('The file is not a zip archive.'))
    await expect(openArchive(new Uint8Array(0))).rejects.toThrow(ArchiveRefusal)
    await expect(openArchive(zipOf({ 'readme.txt': 'hello' }))).rejects.toThrow(
      'The archive has no users.json at its top level: it is not a Slack export.'
    )
  })

  it('skips unsafe names and reports them', () => {
    const zip = zipOf({
      'users.json': [],
      '../escape.json': [],
      '/etc/passwd': 'x',
      'a/../../b.json': [],
      'win\\path.json': [],
      [`${'n'.repeat(256)}.json`]: [],
      'C:/x.json': [],
      'fine/2024-01-01.json': [],
    })
    const index = readIndex(zip)
    expect([...index.entries.keys()].sort()).toEqual(['fine/2024-01-01.json', 'users.json'])
    expect(index.report.map((r) => r.reason)).toEqual([
      'The name leaves the archive (..).',
      'The name is an absolute path.',
      'The name leaves the archive (..).',
      'The name contains a backslash.',
      'The name is longer than 255 bytes.',
      'The name is an absolute path.',
    ])
  })

  it('refuses too many entries and too many bytes from the directory, before inflating', () => {
    const many = Object.fromEntries(Array.from({ length: 6 }, (_, i) => [`f${i}.json`, []]))
    expect(() => readIndex(zipOf(many), { ...LIMITS, entries: 5 })).toThrow(
      new ZipRefusal('The archive has 6 entries; the limit is 5.')
    )
    const big = zipOf({ 'a.json': 'x'.repeat(600), 'b.json': 'y'.repeat(600) })
    expect(() => readIndex(big, { ...LIMITS, totalBytes: 1000 })).toThrow(
      'The archive unpacks to more than 1000 bytes.'
    )
    const index = readIndex(big, { ...LIMITS, entryBytes: 500 })
    expect(index.report).toEqual([
      { file: 'a.json', reason: 'The file is over 500 bytes.' },
      { file: 'b.json', reason: 'The file is over 500 bytes.' },
    ])
  })

  it('reads a Zip64 archive (as big exports are): its end record and each entry’s 64-bit fields', async () => {
    const zip = asZip64(zipOf({ 'users.json': [{ id: 'U1' }], 'general/2024-01-02.json': [] }))
    const opened = await openZipSource(bytesSource(zip))
    expect(opened.names().sort()).toEqual(['general/2024-01-02.json', 'users.json'])
    expect(new TextDecoder().decode((await opened.read('users.json', 1024))!)).toBe('[{"id":"U1"}]')
    expect(opened.index.report).toEqual([])
    // A Zip64 end record whose locator is missing is a damaged archive, not a crash.
    const broken = zip.slice()
    broken.set([0, 0, 0, 0], broken.length - 22 - 20)
    expect(() => readIndex(broken)).toThrow(new ZipRefusal('The zip archive is damaged.'))
  })

  it('refuses a zip bomb by its ratio, and a lying header while inflating', async () => {
    const bomb = readIndex(bombZip(8))
    expect(bomb.report).toEqual([
      { file: 'bomb.json', reason: 'The file is compressed beyond 1000:1 (a zip bomb).' },
    ])
    // The directory says 100 bytes; the data inflates to 5 MB: stopped at the 101st byte.
    const zip = await openZipSource(bytesSource(lyingZip('liar.json', 5 * 1024 ** 2, 100)))
    expect(await zip.read('liar.json', 1024 ** 2)).toBeNull()
    expect(zip.index.report).toEqual([
      { file: 'liar.json', reason: 'The file inflates to more than its header says (a zip bomb).' },
    ])
    // A directory that says more than the data holds is damaged, not trusted.
    const short = await openZipSource(bytesSource(lyingZip('short.json', 50, 80)))
    expect(await short.read('short.json', 1024 ** 2)).toBeNull()
    expect(short.index.report).toEqual([{ file: 'short.json', reason: 'The file is damaged.' }])
  })
})

async function all<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = []
  for await (const item of items) out.push(item)
  return out
}
