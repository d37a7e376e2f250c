// Hostile and malformed archives through the real import (Storage, the RPC, the Edge Function):
// what is not a zip or not an export is refused with a clear reason and leaves nothing behind;
// path traversal names, a zip bomb, a file that is not JSON and items of the wrong type are
// skipped and reported while the rest comes over, unknown fields ignored; a bad path is refused
// in PostgREST's format. The reader's limits one by one: imports-reader.test.ts.
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestStack } from '../../backend/test/support/stack.ts'
import type { TestStack } from '../../backend/test/support/stack.ts'
import { importKit } from './support/imports.ts'
import { teamExport, zipOf } from './support/slack-export.ts'
import { createPerson } from './support/world.ts'
import type { Person } from './support/world.ts'

const workdir = path.resolve(import.meta.dirname, '../..')
let stack: TestStack
let owner: Person
const kit = importKit(() => stack)

beforeAll(async () => {
  stack = await startTestStack({ workdir })
  owner = await createPerson(stack, 'Olga Owner')
}, 120_000)

afterAll(async () => {
  if (stack) await kit.settled()
  await stack?.stop()
})

const emails = (tag: string): [string, string, string] => [
  `a-${tag}@example.test`,
  `b-${tag}@example.test`,
  `c-${tag}@example.test`,
]

async function leftBehind(ws: string) {
  const [row] = await stack.sql`
    select (select count(*)::int from public.channels where workspace_id = ${ws} and not is_default and not auto_join) as channels,
      (select count(*)::int from public.workspace_members where workspace_id = ${ws}) as members`
  return row
}

describe('refused archives', () => {
  it('fails an upload that is not a zip, or not an export, with the reason and its code, adding nothing', async () => {
    for (const [name, bytes, reason] of [
      [
        'notes.zip',
        new TextEncoder().encode('these are not the bytes of a zip'),
        'The file is not a zip archive. (not_zip)',
      ],
      [
        'other.zip',
        zipOf({ 'readme.txt': 'hello', 'photos/a.json': [] }),
        'The archive has no users.json at its top level: it is not a Slack export. (not_slack_export)',
      ],
    ] as const) {
      const ws = await kit.workspace(owner, `Refused ${name}`)
      const started = await kit.start(owner, ws, await kit.upload(owner, ws, bytes, name))
      expect(await kit.ended(started.id)).toMatchObject({ status: 'failed', error: reason })
      expect(await leftBehind(ws)).toEqual({ channels: 0, members: 1 })
    }
  })

  it('refuses a path outside the workspace folder, or one not uploaded, as PostgREST errors', async () => {
    const ws = await kit.workspace(owner, 'Bad paths')
    const as = kit.as(owner)
    for (const bad of [`${ws}/../x.zip`, `other/${ws}.zip`, `${ws}/a.tar`, '']) {
      const { error } = await as.rpc('start_import', { p_workspace: ws, p_path: bad })
      expect(error).toMatchObject({
        code: '22023',
        message: "The archive must be a .zip file in the workspace's import folder.",
      })
    }
    const { error } = await as.rpc('start_import', { p_workspace: ws, p_path: `${ws}/never.zip` })
    expect(error).toMatchObject({ code: '22023', message: 'The archive has not been uploaded.' })
    const { error: notUuid } = await as.rpc('start_import', { p_workspace: 'nope', p_path: 'x' })
    expect(notUuid).toMatchObject({ code: '22P02' })
  })
})

describe('skipped items', () => {
  it('reports traversal names, a zip bomb, bad JSON and wrong items, and imports the rest', async () => {
    const ws = await kit.workspace(owner, 'Hostile')
    const files = teamExport({ emails: emails(ws.slice(0, 8)) })
    const zip = zipOf({
      ...files,
      '../../etc/cron.d/evil.json': [{ type: 'message', user: 'U1', text: 'escaped', ts: '1.1' }],
      '/abs/path.json': [],
      'general/2024-03-03.json': '{"this is": not json',
      'general/2024-03-04.json': [
        {
          type: 'message',
          user: 'U1',
          text: 'kept despite new fields',
          ts: '1709540000.000100',
          x_future: { deep: true },
        },
        { type: 'message', user: 'U1', text: 12, ts: '1709540001.000100' },
        {
          type: 'message',
          user: 'U1',
          text: 'bad reactions',
          ts: '1709540002.000100',
          reactions: [{ name: 7 }],
        },
        'not an object',
      ],
      'general/bomb.json': new Uint8Array(8 * 1024 ** 2),
      'users.json': [...(files['users.json'] as unknown[]), { id: ['U9'] }],
    })
    const started = await kit.start(owner, ws, await kit.upload(owner, ws, zip))
    const done = await kit.ended(started.id)
    expect(done).toMatchObject({ status: 'done', error: null, people: 3, channels: 5 })
    // Each item with its code and values (codes.ts) beside its English reason.
    const item = (file: string, code: string, reason: string, more: object = {}) => ({
      file,
      code,
      reason,
      ...more,
    })
    const field = (index: number, name: string) => ({ index, values: { field: name } })
    expect(done.report).toEqual([
      item(
        '../../etc/cron.d/evil.json',
        'name_leaves_archive',
        'The name leaves the archive (..).'
      ),
      item('/abs/path.json', 'name_absolute', 'The name is an absolute path.'),
      item('general/bomb.json', 'zip_bomb', 'The file is compressed beyond 1000:1 (a zip bomb).', {
        values: { ratio: 1000 },
      }),
      item(
        'users.json',
        'field_not_nonempty_string',
        '"id" is not a non-empty string.',
        field(4, 'id')
      ),
      item('general/2024-03-03.json', 'not_json', 'The file is not valid JSON (UTF-8).'),
      item(
        'general/2024-03-04.json',
        'field_not_string',
        '"text" is not a string.',
        field(1, 'text')
      ),
      item(
        'general/2024-03-04.json',
        'field_not_nonempty_string',
        '"name" is not a non-empty string.',
        field(2, 'name')
      ),
      item('general/2024-03-04.json', 'item_not_object', 'The item is not an object.', {
        index: 3,
      }),
    ])
    const bodies = await stack.sql<{ body: string }[]>`
      select m.body from public.messages m join public.channels c on c.id = m.channel_id
      where c.workspace_id = ${ws} and m.body in ('kept despite new fields', 'escaped', 'bad reactions')`
    expect(bodies.map((b) => b.body)).toEqual(['kept despite new fields'])
    const [counts] = await stack.sql`
      select count(*)::int as n from public.messages m join public.channels c on c.id = m.channel_id
      where c.workspace_id = ${ws}`
    expect(counts!.n).toBe(done.messages_done)
  })
})
