// The import's reader (functions/_shared/archive): safe zip reading by FORMAT.md's limits, the
// day files item by item, Slack mrkdwn as Chorus markdown, deterministic ids, Chorus's own
// exports (hostile archives and the report's codes: imports-codes.test.ts). Pure: no stack (the import over HTTP is imports.test.ts and imports-hostile.test.ts).
import { describe, expect, it } from 'vitest'
import { idsFor, uuidV5 } from '../functions/_shared/archive/ids.ts'
import { chorusToChorus, mrkdwnToChorus } from '../functions/_shared/slack/mrkdwn-archive.ts'
import type { MrkdwnContext } from '../functions/_shared/slack/mrkdwn-archive.ts'
import { openArchive } from '../functions/_shared/archive/read.ts'
import { teamExport, zipOf } from './support/slack-export.ts'

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
      {
        file: 'users.json',
        index: 4,
        code: 'field_not_nonempty_string',
        values: { field: 'id' },
        reason: '"id" is not a non-empty string.',
      },
      {
        file: 'users.json',
        index: 5,
        code: 'item_not_object',
        reason: 'The item is not an object.',
      },
      { file: 'groups.json', code: 'not_json', reason: 'The file is not valid JSON (UTF-8).' },
      { file: 'dms.json', code: 'not_json_array', reason: 'The file is not a JSON array.' },
      {
        file: 'general/2024-03-03.json',
        index: 1,
        code: 'field_not_timestamp',
        values: { field: 'ts' },
        reason: '"ts" is not a Slack timestamp.',
      },
      {
        file: 'general/2024-03-03.json',
        index: 2,
        code: 'field_not_array',
        values: { field: 'reactions' },
        reason: '"reactions" is not an array.',
      },
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

async function all<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = []
  for await (const item of items) out.push(item)
  return out
}
