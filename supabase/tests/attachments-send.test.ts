// Attachments through send_message as the app calls it: files sent with an empty body, their size
// and type from the stored object; a file not uploaded, outside the message's folder or someone
// else's upload refused with nothing stored; at most 10, well formed. Sending and numbering:
// messages.test.ts. The set-up is support/messages-world.ts's.
import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { useMessagesWorld } from './support/messages-world.ts'
import { asRole, attachmentPath, makeStoredObject } from './support/world.ts'

const t = useMessagesWorld()
const { send } = t

describe('attachments through send_message', () => {
  it('sends files with an empty body; size and type come from the stored object', async () => {
    const id = randomUUID()
    const path = await attachmentPath(t.stack.sql, t.world.ch.plaza, id, 'photo.png')
    await makeStoredObject(
      t.stack.sql,
      'attachments',
      path,
      t.world.people.member,
      'image/png',
      2048
    )
    const row = await send(t.world.people.member, t.world.ch.plaza, '', id, [
      { path, name: '  holiday photo.png ', width: 640, height: 480 },
    ])
    expect(row.body).toBe('')
    const files = await t.stack
      .sql`select name, size, mime_type, width, height, uploader_id, channel_id from public.attachments where message_id = ${id}`
    expect(files).toEqual([
      {
        name: 'holiday photo.png',
        size: '2048',
        mime_type: 'image/png',
        width: 640,
        height: 480,
        uploader_id: t.world.people.member.id,
        channel_id: t.world.ch.plaza,
      },
    ])
  })

  it('refuses a file that was not uploaded, and stores nothing of the message', async () => {
    const id = randomUUID()
    const path = await attachmentPath(t.stack.sql, t.world.ch.plaza, id)
    await expect(
      send(t.world.people.member, t.world.ch.plaza, 'see file', id, [{ path }])
    ).rejects.toMatchObject({
      code: '22023',
      message: 'The file has not been uploaded.',
    })
    expect(await t.stack.sql`select 1 from public.messages where id = ${id}`).toHaveLength(0)
  })

  it("refuses a file outside the message's folder and someone else's upload", async () => {
    const id = randomUUID()
    const elsewhere = await attachmentPath(t.stack.sql, t.world.ch.plaza, randomUUID())
    await makeStoredObject(t.stack.sql, 'attachments', elsewhere, t.world.people.member)
    await expect(
      send(t.world.people.member, t.world.ch.plaza, 'x', id, [{ path: elsewhere }])
    ).rejects.toMatchObject({
      code: '22023',
      message: "An attachment must be a file in its message's folder.",
    })
    const theirs = await attachmentPath(t.stack.sql, t.world.ch.plaza, id)
    await makeStoredObject(t.stack.sql, 'attachments', theirs, t.world.people.owner)
    await expect(
      send(t.world.people.member, t.world.ch.plaza, 'x', id, [{ path: theirs }])
    ).rejects.toMatchObject({
      code: '42501',
      message: 'You can only attach files you uploaded.',
    })
  })

  it('refuses more than 10 attachments and malformed attachment entries', async () => {
    const id = randomUUID()
    const files = Array.from({ length: 11 }, (_, i) => ({ path: `x/${i}` }))
    await expect(
      send(t.world.people.member, t.world.ch.plaza, 'many', id, files)
    ).rejects.toMatchObject({
      message: 'A message can have at most 10 attachments.',
    })
    await expect(
      send(t.world.people.member, t.world.ch.plaza, 'odd', id, [{ name: 'no path' }])
    ).rejects.toMatchObject({
      code: '22023',
    })
    await expect(
      asRole(
        t.stack.sql,
        t.world.people.member,
        (tx) =>
          tx`select public.send_message(${id}, ${t.world.ch.plaza}, 'odd', ${tx.json({ path: 'not an array' })})`
      )
    ).rejects.toMatchObject({ code: '22023', message: 'p_attachments must be a JSON array.' })
  })
})
