// avatarUrl writes the address storage-js's getPublicUrl makes, without loading Storage's client.
import { StorageClient } from '@supabase/storage-js'
import { describe, expect, it, vi } from 'vitest'
import { avatarUrl } from './avatar-url.ts'
import { AVATAR_BUCKET } from './avatar-url.ts'

const STORAGE = 'http://127.0.0.1:54321/storage/v1'

vi.mock('../../../lib/supabase.ts', () => ({ storageUrl: () => STORAGE, supabase: () => null }))

describe('avatarUrl', () => {
  it('is the resized public URL storage-js would give', () => {
    const storage = new StorageClient(STORAGE, {})
    for (const [path, size] of [
      ['u1/abc.png', 16],
      ['u2/with space é.jpeg', 36.4],
      ['/u3/lead.webp', 48],
    ] as const) {
      const expected = storage.from(AVATAR_BUCKET).getPublicUrl(path, {
        transform: { width: Math.round(size * 2), height: Math.round(size * 2), resize: 'cover' },
      }).data.publicUrl
      expect(avatarUrl(path, size)).toBe(expected)
    }
  })
})
