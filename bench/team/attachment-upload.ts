// A file posted to Storage's attachments bucket where the app puts a message's files (recorded):
// an uploader's 1-5 MB PDF, or the mix's smaller one (mix.ts); the message that carries it is
// sent after (person.ts).
import { randomUUID } from 'node:crypto'
import type { UUID } from 'node:crypto'
import type { SupabaseClient } from '@supabase/supabase-js'
import { RATES, uniform } from './profile.ts'
import type { Person } from './profile.ts'
import type { Recorder } from './recorder.ts'

/** The file uploaded, as the message's attachment, with the message's id; null if it failed. */
export async function uploadAttachment(
  client: SupabaseClient,
  person: Person,
  recorder: Recorder,
  mb: readonly [number, number] = RATES.uploadMb,
  label = 'storage upload'
): Promise<{
  attachment: { path: string; name: string; width: null; height: null }
  messageId: UUID
} | null> {
  const size = Math.round(uniform(mb) * 2 ** 20)
  const messageId = randomUUID()
  const name = `notes-${messageId.slice(0, 8)}.pdf`
  const path = `${person.workspaceId}/${person.open}/${messageId}/${name}`
  const file = new Blob([Buffer.alloc(size, 7)], { type: 'application/pdf' })
  try {
    const { error } = await client.storage
      .from('attachments')
      .upload(path, file, { contentType: 'application/pdf', upsert: false })
    recorder.call(label, !error, error?.message ?? '')
    if (error) return null
  } catch (error) {
    recorder.call(label, false, (error as Error).message)
    return null
  }
  return { attachment: { path, name, width: null, height: null }, messageId }
}
