// The RLS matrix's cases for Storage: the buckets' settings and the objects (the same policies
// Storage applies). One line per case, read as a table.
import { randomUUID } from 'node:crypto'
import { inPlaza, inQuiet, messageIn, replyWithFile, objectOf } from './matrix-kit.ts'
import type { MatrixCase } from './matrix-kit.ts'
import { asUser, attachmentPath, makeMessageWithFile, makeStoredObject } from './world.ts'

// prettier-ignore
export const STORAGE_CASES: readonly MatrixCase[] = [
  // storage: the buckets' settings and the objects (the same policies Storage applies)
  { kind: 'row', table: 'storage.buckets', what: 'the attachments bucket', op: 'select', allowed: [...inPlaza, 'outsider'], row: async () => 'attachments' },
  { kind: 'row', table: 'storage.buckets', what: 'a new bucket', op: 'insert', allowed: [], values: () => { const id = `b-${randomUUID().slice(0, 8)}`; return { id, name: id, public: true } } },
  { kind: 'row', table: 'storage.buckets', what: 'making the attachments bucket public', op: 'update', allowed: [], row: async () => 'attachments', patch: () => ({ public: true }) },
  { kind: 'row', table: 'storage.buckets', what: 'the attachments bucket', op: 'delete', allowed: [], row: async () => 'attachments' },
  { kind: 'row', table: 'storage.objects', what: 'a file in a public channel', op: 'select', allowed: inPlaza, row: async ({ sql, world }) => objectOf(sql, (await makeMessageWithFile(sql, world.people.owner, world.ch.plaza)).path) },
  { kind: 'row', table: 'storage.objects', what: 'a file in a public channel you are not in', op: 'select', allowed: [], row: async ({ sql, world }) => objectOf(sql, (await makeMessageWithFile(sql, world.people.member2, world.ch.second)).path) },
  { kind: 'row', table: 'storage.objects', what: 'a file in a private channel', op: 'select', allowed: inQuiet, row: async ({ sql, world }) => objectOf(sql, (await makeMessageWithFile(sql, world.people.owner, world.ch.quiet)).path) },
  { kind: 'row', table: 'storage.objects', what: 'the file of a reply in a public channel', op: 'select', allowed: inPlaza, row: async ({ sql, world }) => objectOf(sql, await replyWithFile(sql, world.people.member, world.ch.plaza)) },
  { kind: 'row', table: 'storage.objects', what: 'the file of a reply in a private channel', op: 'select', allowed: inQuiet, row: async ({ sql, world }) => objectOf(sql, await replyWithFile(sql, world.people.owner, world.ch.quiet)) },
  { kind: 'row', table: 'storage.objects', what: 'a file in a direct message', op: 'select', allowed: inQuiet, row: async ({ sql, world }) => objectOf(sql, (await makeMessageWithFile(sql, world.people.owner, world.ch.dm)).path) },
  { kind: 'row', table: 'storage.objects', what: "member's upload for an unsent message", op: 'select', allowed: ['member'], row: async ({ sql, world }) => makeStoredObject(sql, 'attachments', await attachmentPath(sql, world.ch.plaza, randomUUID()), world.people.member) },
  {
    kind: 'row', table: 'storage.objects', what: 'a file of a deleted message', op: 'select', allowed: [],
    row: async ({ sql, world }) => {
      const file = await makeMessageWithFile(sql, world.people.owner, world.ch.plaza)
      await asUser(sql, world.people.owner, (tx) => tx`select public.delete_message(${file.message})`)
      return objectOf(sql, file.path)
    },
  },
  { kind: 'row', table: 'storage.objects', what: 'a file into a public channel', op: 'insert', allowed: inPlaza, values: ({ world }, a) => ({ id: randomUUID(), bucket_id: 'attachments', name: `${world.ws}/${world.ch.plaza}/${randomUUID()}/up.txt`, owner_id: a?.id ?? null }) },
  { kind: 'row', table: 'storage.objects', what: 'a file into a private channel', op: 'insert', allowed: inQuiet, values: ({ world }, a) => ({ id: randomUUID(), bucket_id: 'attachments', name: `${world.ws}/${world.ch.quiet}/${randomUUID()}/up.txt`, owner_id: a?.id ?? null }) },
  { kind: 'row', table: 'storage.objects', what: 'a file into an archived channel', op: 'insert', allowed: [], values: ({ world }, a) => ({ id: randomUUID(), bucket_id: 'attachments', name: `${world.ws}/${world.ch.attic}/${randomUUID()}/up.txt`, owner_id: a?.id ?? null }) },
  { kind: 'row', table: 'storage.objects', what: 'a file into a public channel, nested deeper', op: 'insert', allowed: [], values: ({ world }, a) => ({ id: randomUUID(), bucket_id: 'attachments', name: `${world.ws}/${world.ch.plaza}/${randomUUID()}/sub/up.txt`, owner_id: a?.id ?? null }) },
  { kind: 'row', table: 'storage.objects', what: "a file into the folder of owner's sent message", op: 'insert', allowed: ['owner'], row: messageIn((w) => w.people.owner, (w) => w.ch.plaza), values: ({ world }, a, message) => ({ id: randomUUID(), bucket_id: 'attachments', name: `${world.ws}/${world.ch.plaza}/${message}/more.txt`, owner_id: a?.id ?? null }) },
  { kind: 'row', table: 'storage.objects', what: "a file into another workspace's channel", op: 'insert', allowed: ['outsider'], values: ({ world }, a) => ({ id: randomUUID(), bucket_id: 'attachments', name: `${world.ws2}/${world.ch.outside}/${randomUUID()}/up.txt`, owner_id: a?.id ?? null }) },
  { kind: 'row', table: 'storage.objects', what: "member's unsent upload (replace)", op: 'update', allowed: ['member'], row: async ({ sql, world }) => makeStoredObject(sql, 'attachments', await attachmentPath(sql, world.ch.plaza, randomUUID()), world.people.member), patch: () => ({ metadata: { size: Math.floor(Math.random() * 100000), mimetype: 'text/plain' } }), changed: (after, patch) => JSON.stringify(after.metadata) === JSON.stringify(patch.metadata) },
  { kind: 'row', table: 'storage.objects', what: "member's unsent upload", op: 'delete', allowed: ['member'], row: async ({ sql, world }) => makeStoredObject(sql, 'attachments', await attachmentPath(sql, world.ch.plaza, randomUUID()), world.people.member) },
  { kind: 'row', table: 'storage.objects', what: "the file of owner's sent message", op: 'delete', allowed: [], row: async ({ sql, world }) => objectOf(sql, (await makeMessageWithFile(sql, world.people.owner, world.ch.plaza)).path) },
  { kind: 'row', table: 'storage.objects', what: "a co-worker's avatar", op: 'select', allowed: inPlaza, row: async ({ sql, world }) => makeStoredObject(sql, 'avatars', `${world.people.member.id}/${randomUUID()}.png`, world.people.member, 'image/png') },
  { kind: 'row', table: 'storage.objects', what: 'an avatar in your own folder', op: 'insert', allowed: [...inPlaza, 'outsider'], values: (_c, a) => ({ id: randomUUID(), bucket_id: 'avatars', name: `${a?.id ?? 'anon'}/${randomUUID()}.png`, owner_id: a?.id ?? null }) },
  { kind: 'row', table: 'storage.objects', what: "an avatar in member's folder", op: 'insert', allowed: ['member'], values: ({ world }, a) => ({ id: randomUUID(), bucket_id: 'avatars', name: `${world.people.member.id}/${randomUUID()}.png`, owner_id: a?.id ?? null }) },
  { kind: 'row', table: 'storage.objects', what: "member's avatar", op: 'delete', allowed: ['member'], row: async ({ sql, world }) => makeStoredObject(sql, 'avatars', `${world.people.member.id}/${randomUUID()}.png`, world.people.member, 'image/png') },
]
