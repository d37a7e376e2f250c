// move-data's files: every stored object downloaded through the source's Storage API and uploaded
// through the target's with the service key (one already there with the same size skipped), then
// its owner and dates set as they were.
import type { Sql } from 'postgres'
import { columnsOf, ident } from './move-rows.ts'

/** What a stored object keeps besides its bytes. */
const OBJECT_COLUMNS = ['owner', 'owner_id', 'created_at', 'updated_at', 'user_metadata']

/** Where a side's Storage API is, and its service key. */
interface Api {
  apiUrl: string
  key: string
}

interface StoredFile {
  bucket_id: string
  name: string
  size: number | null
  mimetype: string | null
}

function headers(key: string): Record<string, string> {
  const jwt = key.split('.').length === 3
  return { apikey: key, ...(jwt ? { authorization: `Bearer ${key}` } : {}) }
}

function objectUrl(apiUrl: string, bucket: string, name: string): string {
  const encoded = name.split('/').map(encodeURIComponent).join('/')
  return `${apiUrl}/storage/v1/object/${encodeURIComponent(bucket)}/${encoded}`
}

export async function copyFiles(
  options: { from: Api; to: Api },
  from: Sql,
  to: Sql,
  log: (line: string) => void
) {
  const files = await from<StoredFile[]>`
    select bucket_id, name, (metadata->>'size')::bigint as size, metadata->>'mimetype' as mimetype
    from storage.objects order by bucket_id, name`
  const objectColumns = new Set(await columnsOf(to, 'storage', 'objects'))
  const kept = (await columnsOf(from, 'storage', 'objects')).filter(
    (c) => OBJECT_COLUMNS.includes(c) && objectColumns.has(c)
  )
  let copied = 0
  let skipped = 0
  for (const file of files) {
    const where = `${file.bucket_id}/${file.name}`
    const [there] = await to<{ size: number | null }[]>`
      select (metadata->>'size')::bigint as size from storage.objects
      where bucket_id = ${file.bucket_id} and name = ${file.name}`
    if (there && Number(there.size) === Number(file.size)) {
      skipped++
      continue
    }
    const download = await fetch(objectUrl(options.from.apiUrl, file.bucket_id, file.name), {
      headers: headers(options.from.key),
    })
    if (!download.ok) {
      throw new Error(
        `could not download ${where} from the source: ${download.status} ${await download.text()}`
      )
    }
    const body = Buffer.from(await download.arrayBuffer())
    const upload = await fetch(objectUrl(options.to.apiUrl, file.bucket_id, file.name), {
      method: 'POST',
      headers: {
        ...headers(options.to.key),
        'content-type': file.mimetype ?? 'application/octet-stream',
        'x-upsert': there ? 'true' : 'false',
      },
      body,
    })
    if (!upload.ok) {
      throw new Error(
        `could not upload ${where} to the target: ${upload.status} ${await upload.text()}`
      )
    }
    copied++
  }
  // The owner and dates the files had (an upload with the service key has none).
  if (kept.length > 0 && files.length > 0) {
    const rows = await from.unsafe(
      `select bucket_id, name, ${kept.map(ident).join(', ')} from storage.objects`
    )
    for (const row of rows) {
      const sets = kept.map((c, i) => `${ident(c)} = $${i + 3}`).join(', ')
      await to.unsafe(`update storage.objects set ${sets} where bucket_id = $1 and name = $2`, [
        row.bucket_id,
        row.name,
        ...kept.map((c) =>
          c === 'user_metadata' && row[c] != null ? JSON.stringify(row[c]) : row[c]
        ),
      ] as never[])
    }
  }
  log(`  ${copied} files copied, ${skipped} already there (${files.length} in all)`)
}
