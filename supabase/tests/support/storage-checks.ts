// The storage.objects cases of the RLS matrix as rls-storage.test.ts checks them through Storage:
// for each case, what a role does (read, upload, replace, remove) and whether it worked.
import { randomUUID } from 'node:crypto'
import { storageKit } from './storage-kit.ts'
import type { StorageWorld } from './storage-kit.ts'
import { actorOf, asUser, makeMessage } from './world.ts'
import type { Person, Role } from './world.ts'

export interface StorageCheck {
  /** The matrix case whose expectations apply. */
  matrixCase: string
  /** What the role does; true when it worked (read: got the bytes; write: the object changed). */
  act: (role: Role) => Promise<boolean>
}

/** One check per storage.objects case of the matrix, for the stack and world of `t`. */
export function storageChecks(t: StorageWorld): StorageCheck[] {
  const {
    text,
    bucket,
    upload,
    sentFile,
    stored,
    readFile,
    uploadTo,
    previewImage,
    ownersArchive,
    exportZip,
  } = storageKit(t)
  const p = () => t.world.people
  /** A file sent with a reply, by `author`, to a message of theirs in `channel`. */
  const sentReply = async (author: Person, channel: string) =>
    sentFile(author, channel, await makeMessage(t.stack.sql, author, channel))

  /** A custom emoji's image uploaded into W's folder by the role's person: its path. */
  const emojiImage = async (role: 'owner' | 'member') => {
    const name = `${t.world.ws}/${randomUUID()}.png`
    const { error } = await bucket(role, 'custom-emoji').upload(name, text('png bytes'), {
      contentType: 'image/png',
    })
    if (error) throw error
    return { path: name }
  }

  /** A file of the owner's in quiet (private), forwarded by her into general: its path. */
  const forwardedFile = async () => {
    const sent = await sentFile(p().owner, t.world.ch.quiet)
    await asUser(
      t.stack.sql,
      p().owner,
      (tx) =>
        tx`select public.forward_message(${randomUUID()}, ${sent.message}, ${t.world.ch.general}, '')`
    )
    return sent
  }

  return [
    {
      matrixCase: 'storage.objects select: a file in a public channel',
      act: readFile(() => sentFile(p().owner, t.world.ch.plaza)),
    },
    {
      matrixCase: 'storage.objects select: a file in a public channel you are not in',
      act: readFile(() => sentFile(p().member2, t.world.ch.second)),
    },
    {
      matrixCase: 'storage.objects select: a file in a private channel',
      act: readFile(() => sentFile(p().owner, t.world.ch.quiet)),
    },
    {
      matrixCase: 'storage.objects select: a file in a direct message',
      act: readFile(() => sentFile(p().owner, t.world.ch.dm)),
    },
    {
      matrixCase: 'storage.objects select: the file of a reply in a public channel',
      act: readFile(() => sentReply(p().member, t.world.ch.plaza)),
    },
    {
      matrixCase: 'storage.objects select: the file of a reply in a private channel',
      act: readFile(() => sentReply(p().owner, t.world.ch.quiet)),
    },
    {
      matrixCase: "storage.objects select: member's upload for an unsent message",
      act: readFile(async () => {
        const name = `${t.world.ws}/${t.world.ch.plaza}/${randomUUID()}/draft.txt`
        await upload(p().member, 'attachments', name)
        return { path: name }
      }),
    },
    {
      matrixCase: 'storage.objects select: a file of a deleted message',
      act: readFile(async () => {
        const file = await sentFile(p().owner, t.world.ch.plaza)
        await asUser(
          t.stack.sql,
          p().owner,
          (tx) => tx`select public.delete_message(${file.message})`
        )
        return file
      }),
    },
    {
      matrixCase: 'storage.objects insert: a file into a public channel',
      act: uploadTo(() => `${t.world.ws}/${t.world.ch.plaza}/${randomUUID()}/up.txt`),
    },
    {
      matrixCase: 'storage.objects insert: a file into a private channel',
      act: uploadTo(() => `${t.world.ws}/${t.world.ch.quiet}/${randomUUID()}/up.txt`),
    },
    {
      matrixCase: 'storage.objects insert: a file into an archived channel',
      act: uploadTo(() => `${t.world.ws}/${t.world.ch.attic}/${randomUUID()}/up.txt`),
    },
    {
      matrixCase: 'storage.objects insert: a file into a public channel, nested deeper',
      act: uploadTo(() => `${t.world.ws}/${t.world.ch.plaza}/${randomUUID()}/sub/up.txt`),
    },
    {
      matrixCase: "storage.objects insert: a file into the folder of owner's sent message",
      act: uploadTo(
        async () =>
          `${t.world.ws}/${t.world.ch.plaza}/${await makeMessage(t.stack.sql, p().owner, t.world.ch.plaza)}/more.txt`
      ),
    },
    {
      matrixCase: "storage.objects insert: a file into another workspace's channel",
      act: uploadTo(() => `${t.world.ws2}/${t.world.ch.outside}/${randomUUID()}/up.txt`),
    },
    {
      matrixCase: "storage.objects update: member's unsent upload (replace)",
      act: async (role) => {
        const name = `${t.world.ws}/${t.world.ch.plaza}/${randomUUID()}/draft.txt`
        await upload(p().member, 'attachments', name, text('first'))
        await bucket(role).upload(name, text('second version'), {
          contentType: 'text/plain',
          upsert: true,
        })
        const [row] = await t.stack.sql<{ size: number }[]>`
        select (metadata->>'size')::int as size from storage.objects where bucket_id = 'attachments' and name = ${name}`
        return row!.size === 'second version'.length
      },
    },
    {
      matrixCase: "storage.objects delete: member's unsent upload",
      act: async (role) => {
        const name = `${t.world.ws}/${t.world.ch.plaza}/${randomUUID()}/draft.txt`
        await upload(p().member, 'attachments', name)
        await bucket(role).remove([name])
        return !(await stored('attachments', name))
      },
    },
    {
      matrixCase: "storage.objects delete: the file of owner's sent message",
      act: async (role) => {
        const file = await sentFile(p().owner, t.world.ch.plaza)
        await bucket(role).remove([file.path])
        return !(await stored('attachments', file.path))
      },
    },
    {
      matrixCase: "storage.objects select: an archive in the workspace's import folder",
      act: readFile(ownersArchive, 'imports'),
    },
    {
      matrixCase: "storage.objects insert: an archive into the workspace's import folder",
      act: uploadTo(() => `${t.world.ws}/${randomUUID()}.zip`, 'imports'),
    },
    {
      matrixCase: "storage.objects insert: an archive into another workspace's import folder",
      act: uploadTo(() => `${t.world.ws2}/${randomUUID()}.zip`, 'imports'),
    },
    {
      matrixCase: 'storage.objects insert: a file that is not a .zip into the import folder',
      act: uploadTo(() => `${t.world.ws}/${randomUUID()}-notes.txt`, 'imports'),
    },
    {
      matrixCase: 'storage.objects insert: an archive nested deeper in the import folder',
      act: uploadTo(() => `${t.world.ws}/sub/${randomUUID()}.zip`, 'imports'),
    },
    {
      matrixCase: "storage.objects update: an archive in the workspace's import folder (replace)",
      act: async (role) => {
        const file = await ownersArchive()
        await bucket(role, 'imports').upload(file.path, text('a bigger zip'), {
          contentType: 'application/zip',
          upsert: true,
        })
        const [row] = await t.stack.sql<{ size: number }[]>`
        select (metadata->>'size')::int as size from storage.objects where bucket_id = 'imports' and name = ${file.path}`
        return row!.size === 'a bigger zip'.length
      },
    },
    {
      matrixCase: "storage.objects delete: an archive in the workspace's import folder",
      act: async (role) => {
        const file = await ownersArchive()
        await bucket(role, 'imports').remove([file.path])
        return !(await stored('imports', file.path))
      },
    },
    {
      matrixCase: "storage.objects select: a co-worker's avatar",
      act: async (role) => {
        const name = `${p().member.id}/${randomUUID()}.png`
        const { error } = await bucket('member', 'avatars').upload(name, text('png?'), {
          contentType: 'image/png',
        })
        if (error) throw error
        const download = await bucket(role, 'avatars').download(name)
        return download.error === null
      },
    },
    {
      matrixCase: 'storage.objects insert: an avatar in your own folder',
      act: uploadTo(
        (role) => `${actorOf(t.world, role)?.id ?? 'anon'}/${randomUUID()}.png`,
        'avatars'
      ),
    },
    {
      matrixCase: "storage.objects insert: an avatar in member's folder",
      act: uploadTo(() => `${p().member.id}/${randomUUID()}.png`, 'avatars'),
    },
    {
      matrixCase: "storage.objects delete: member's avatar",
      act: async (role) => {
        const name = `${p().member.id}/${randomUUID()}.png`
        await bucket('member', 'avatars').upload(name, text('png?'), { contentType: 'image/png' })
        await bucket(role, 'avatars').remove([name])
        return !(await stored('avatars', name))
      },
    },
    {
      matrixCase: 'storage.objects select: a preview image in a public channel',
      act: readFile(() => previewImage(t.world.ch.plaza), 'link-previews'),
    },
    {
      matrixCase: 'storage.objects select: a preview image in a private channel',
      act: readFile(() => previewImage(t.world.ch.quiet), 'link-previews'),
    },
    {
      matrixCase: 'storage.objects insert: a preview image into a public channel',
      act: uploadTo(
        () => `${t.world.ch.plaza}/${randomUUID().replaceAll('-', '')}${'0'.repeat(32)}.png`,
        'link-previews'
      ),
    },
    {
      matrixCase: 'storage.objects delete: a preview image',
      act: async (role) => {
        const { path: name } = await previewImage(t.world.ch.plaza)
        await bucket(role, 'link-previews').remove([name])
        return !(await stored('link-previews', name))
      },
    },
    {
      matrixCase: "storage.objects select: a workspace export's zip",
      act: readFile(() => exportZip('workspace', p().owner), 'exports'),
    },
    {
      matrixCase: "storage.objects select: member's personal export's zip",
      act: readFile(() => exportZip('personal', p().member), 'exports'),
    },
    {
      matrixCase: 'storage.objects select: a private file forwarded into general',
      act: readFile(forwardedFile),
    },
    {
      matrixCase: 'storage.objects select: a custom emoji image',
      act: readFile(() => emojiImage('owner'), 'custom-emoji'),
    },
    {
      matrixCase: 'storage.objects insert: a custom emoji image into the workspace',
      act: uploadTo(() => `${t.world.ws}/${randomUUID()}.png`, 'custom-emoji'),
    },
    {
      matrixCase: "storage.objects delete: member's custom emoji image",
      act: async (role) => {
        const { path: name } = await emojiImage('member')
        await bucket(role, 'custom-emoji').remove([name])
        return !(await stored('custom-emoji', name))
      },
    },
    {
      matrixCase: "storage.objects delete: owner's custom emoji image",
      act: async (role) => {
        const { path: name } = await emojiImage('owner')
        await bucket(role, 'custom-emoji').remove([name])
        return !(await stored('custom-emoji', name))
      },
    },
  ]
}
