// [storage.buckets.*] of config.toml as the Supabase CLI reads it: each bucket's visibility, size
// limit, allowed MIME types and the folder whose files are uploaded into it at start.
import type { ConfigReader } from './reader.ts'

export interface BucketConfig {
  public: boolean
  fileSizeLimit: number | null
  allowedMimeTypes: string[] | null
  /** Absolute path of a folder whose files are uploaded into the bucket at start. */
  objectsPath: string | null
}

/** Every [storage.buckets.<name>] table; objects_path resolved by `inSupabaseDir`. */
export function readBuckets(
  read: ConfigReader,
  inSupabaseDir: (p: string) => string
): Record<string, BucketConfig> {
  const buckets: Record<string, BucketConfig> = {}
  for (const [name, value] of Object.entries(read.table('storage.buckets'))) {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) continue
    const key = `storage.buckets.${name}`
    const limit = read.optional(key, 'file_size_limit', 'size')
    const objectsPath = read.optional(key, 'objects_path', 'string')
    buckets[name] = {
      public: read.get(key, 'public', 'boolean', false),
      fileSizeLimit: limit,
      allowedMimeTypes: read.optional(key, 'allowed_mime_types', 'strings'),
      objectsPath: objectsPath === null ? null : inSupabaseDir(objectsPath),
    }
  }
  return buckets
}
