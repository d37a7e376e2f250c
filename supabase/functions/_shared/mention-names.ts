// The names of the people message bodies mention, for the text of a notification email or a push
// (body-text.ts, bodyAsLine): read with the service key in one request per 100 people, by
// lower-case id. A failed read leaves the names out (each shows as the fallback, "@someone"):
// a notification is not held back for a name.
import type { SupabaseClient } from 'npm:@supabase/supabase-js@2'
import { mentionedIds } from './body-text.ts'

const PER_REQUEST = 100

export async function mentionNames(
  admin: SupabaseClient,
  bodies: readonly (string | null)[]
): Promise<Map<string, string>> {
  const ids = [...new Set(bodies.flatMap((body) => (body ? mentionedIds(body) : [])))]
  const names = new Map<string, string>()
  for (let from = 0; from < ids.length; from += PER_REQUEST) {
    const { data, error } = await admin
      .from('profiles')
      .select('id, display_name')
      .in('id', ids.slice(from, from + PER_REQUEST))
    if (error) {
      console.warn(`mention names not read (${error.message}); shown as the fallback`)
      return names
    }
    for (const row of data as { id: string; display_name: string }[]) {
      names.set(row.id.toLowerCase(), row.display_name)
    }
  }
  return names
}
