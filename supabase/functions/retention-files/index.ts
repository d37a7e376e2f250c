// retention-files: removes the files of messages that retention deleted (see
// supabase/migrations/*_chorus_retention_run.sql), through the Storage API, as hosted Supabase
// requires (SQL may not delete storage.objects rows there).
//
// POST (any body): called through pg_net by the retention run and by an account deletion whose
// workspace removes the person's messages, with the project's publishable key ([functions.
// retention-files] verify_jwt = false). The caller is trusted with nothing: the files are the
// queue's (claim_retention_files, service role only, hands each out once, again after five
// minutes if not finished), so calling it again, by anyone, removes nothing new. Each claimed
// batch is removed per bucket and then forgotten (finish_retention_files); a file already gone
// counts as removed. Answers 200 {removed, batches}; 503 {error} when the queue or Storage fails
// (the files stay queued and are handed out again); 405 for other methods.
import { createClient } from 'npm:@supabase/supabase-js@2'
import { closingUnread } from '../_shared/read-body.ts'

const BATCH = 500
const MAX_BATCHES = 40

interface QueuedFile {
  id: number
  bucket_id: string
  name: string
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  })

async function removeQueued(): Promise<{ removed: number; batches: number }> {
  const admin = createClient(
    Deno.env.get('SUPABASE_URL') ?? '',
    Deno.env.get('SUPABASE_SERVICE_ROLE_KEY') ?? '',
    { auth: { persistSession: false, autoRefreshToken: false } }
  )
  let removed = 0
  let batches = 0
  while (batches < MAX_BATCHES) {
    const { data, error } = await admin.rpc('claim_retention_files', { p_limit: BATCH })
    if (error) throw error
    const files = (data ?? []) as QueuedFile[]
    if (files.length === 0) break
    batches += 1
    const byBucket = new Map<string, string[]>()
    for (const file of files) {
      byBucket.set(file.bucket_id, [...(byBucket.get(file.bucket_id) ?? []), file.name])
    }
    for (const [bucket, names] of byBucket) {
      const { error: removeError } = await admin.storage.from(bucket).remove(names)
      if (removeError) throw removeError
    }
    const { error: finishError } = await admin.rpc('finish_retention_files', {
      p_ids: files.map((file) => file.id),
    })
    if (finishError) throw finishError
    removed += files.length
  }
  return { removed, batches }
}

// An answer that leaves the body unread closes the connection (_shared/read-body.ts).
Deno.serve(closingUnread(handle))

async function handle(request: Request): Promise<Response> {
  if (request.method !== 'POST') return json(405, { error: 'Use POST.' }, { Allow: 'POST' })
  try {
    return json(200, await removeQueued())
  } catch (error) {
    console.error('retention-files: could not remove the files', error)
    return json(503, { error: 'The files could not be removed; they stay queued.' })
  }
}
