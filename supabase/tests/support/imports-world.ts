// The set-up of imports.test.ts: a stack whose functions may reach loopback, a local server with
// the archive's files, the owner and Ann (whose address one of the archive's people has); then,
// for the tests of one export, Slack's export imported once into a new workspace while the
// owner's and Ann's user topics listen.
import path from 'node:path'
import { afterAll, beforeAll, expect } from 'vitest'
import { startTestStack } from '../../../backend/test/support/stack.ts'
import type { TestStack } from '../../../backend/test/support/stack.ts'
import { addressFor, diagramServer, importKit, teamEmails } from './imports.ts'
import type { ImportRow } from './imports.ts'
import { Inbox, joinPrivate, leave, liveTopic } from './realtime.ts'
import type { Joined } from './realtime.ts'
import { teamExport, zipOf } from './slack-export.ts'
import { createPerson } from './world.ts'
import type { Person } from './world.ts'

export interface Msg {
  id: string
  body: string
  parent_id: string | null
  in_channel: boolean
  created_at: string
  edited_at: string | null
  author_id: string | null
  mentions: string[]
}

export interface SlackImport {
  stack: TestStack
  /** The local server's URL, where the archive's files are. */
  fileUrl: string
  owner: Person
  ann: Person
  kit: ReturnType<typeof importKit>
  /** The archive's people's addresses, Ann's first. */
  emails: () => [string, string, string]
  /** Set by importTheExport: the workspace, the archive's path, the import as it ended. */
  ws: string
  zipPath: string
  first: ImportRow
  /** What the owner's and Ann's user topics heard. */
  ownerHeard: Inbox
  annHeard: Inbox
}

/** Registers the file's beforeAll/afterAll; the fields are set once beforeAll has run. */
export function useImportStack(): SlackImport {
  const workdir = path.resolve(import.meta.dirname, '../../..')
  const t = { ownerHeard: new Inbox(), annHeard: new Inbox() } as SlackImport
  t.kit = importKit(() => t.stack)
  t.emails = () => teamEmails(t.ann)
  let files: Awaited<ReturnType<typeof diagramServer>>
  beforeAll(async () => {
    files = await diagramServer()
    t.fileUrl = files.url
    process.env.CHORUS_OUTBOUND_ALLOW_LOOPBACK = '1'
    t.stack = await startTestStack({ workdir })
    ;[t.owner, t.ann] = (await Promise.all(
      ['Olga Owner', 'Ann Existing'].map((n) => createPerson(t.stack, n, addressFor(n)))
    )) as [Person, Person]
  }, 120_000)
  afterAll(async () => {
    if (t.stack) await t.kit.settled()
    delete process.env.CHORUS_OUTBOUND_ALLOW_LOOPBACK
    await t.stack?.stop()
    files?.close()
  })
  return t
}

/** Registers the describe's beforeAll/afterAll: the export imported once, the user topics joined. */
export function importTheExport(t: SlackImport): void {
  const { kit } = t
  let ownerLive: Joined | undefined
  let annLive: Joined | undefined
  beforeAll(async () => {
    t.ws = await kit.workspace(t.owner, 'Moved from Slack')
    t.zipPath = await kit.upload(
      t.owner,
      t.ws,
      zipOf(teamExport({ emails: t.emails(), fileUrl: t.fileUrl }))
    )
    ownerLive = await joinPrivate(t.stack, t.owner, liveTopic.user(t.owner.id), t.ownerHeard)
    annLive = await joinPrivate(t.stack, t.ann, liveTopic.user(t.ann.id), t.annHeard)
    expect([ownerLive.joined, annLive.joined]).toEqual([true, true])
    const started = await kit.start(t.owner, t.ws, t.zipPath)
    expect(started).toMatchObject({ status: 'queued', workspace_id: t.ws })
    t.first = await kit.ended(started.id)
  })
  afterAll(async () => {
    await Promise.all([ownerLive, annLive].map((joined) => joined && leave(joined)))
  })
}
