// An archive's custom emoji (FORMAT.md, "Custom emoji"): `emoji.json` at its root, Slack's
// emoji.list as kept in an archive ({ "<name>": "emoji/<name>.<ext>" | "<url>" | "alias:<name>" }),
// the images in the zip under `emoji/` (or, for a name given only a link, downloaded through the
// shared outbound guard). Each image is checked as the app's upload is (PNG, GIF or WebP, by its
// bytes; at most 1 MB), stored in the `custom-emoji` bucket, and the emoji made by
// private.import_custom_emoji (the table's own checks: its name, a standard emoji's, taken). A name
// the workspace already has is kept as it is; anything refused is skipped and reported, never the
// import. Aliases go with the emoji they name when it is imported.
import type { SupabaseClient } from 'npm:@supabase/supabase-js@2'
import { uuidV5 } from '../_shared/archive/ids.ts'
import { isObject, jsonObject } from '../_shared/archive/items.ts'
import type { Archive } from '../_shared/archive/read.ts'
import type { ReportCode, Values } from '../_shared/archive/codes.ts'
import type { ReportItem } from '../_shared/archive/zip.ts'
import { OutboundError, safeFetch } from '../_shared/safe-fetch.ts'

export const EMOJI_FILE = 'emoji.json'
/** The largest image the bucket (and the app's upload) takes. */
export const MAX_EMOJI_BYTES = 1024 * 1024
/** emoji.json is read whole: a workspace's thousands of emoji are well under this. */
const MAX_LIST = 16 * 1024 * 1024
/** Emoji uploaded per call of import_custom_emoji (each call commits its checkpoint). */
export const EMOJI_BATCH = 50

export interface EmojiToImport {
  name: string
  /** The image: a path in the zip, or a link. */
  image: string
  aliases: string[]
}

const NAME = /^[a-z0-9_-]{1,30}$/
const clean = (name: string) =>
  name
    .trim()
    .replace(/^:+|:+$/g, '')
    .toLowerCase()

function item(code: ReportCode, values: Values, reason: string): ReportItem {
  return { file: EMOJI_FILE, code, values, reason }
}

/**
 * The archive's emoji, names in order (so that slices resume at an offset), each with its
 * aliases; what cannot be one (a bad name, an alias of nothing in the list) is reported.
 */
export async function emojiOf(archive: Archive, report: ReportItem[]): Promise<EmojiToImport[]> {
  const entry = archive.zip.index.entries.get(EMOJI_FILE)
  if (!entry) return []
  if (entry.size > MAX_LIST) {
    report.push(
      item('file_too_big', { max: MAX_LIST }, `The file is over ${MAX_LIST} bytes; it was skipped.`)
    )
    return []
  }
  const bytes = await archive.zip.read(EMOJI_FILE, MAX_LIST)
  const list = bytes && jsonObject(bytes, EMOJI_FILE, report)
  if (!list || !isObject(list)) return []
  const images = new Map<string, EmojiToImport>()
  const aliases: [string, string][] = []
  for (const [raw, value] of Object.entries(list)) {
    const name = clean(raw)
    if (typeof value !== 'string' || value.trim() === '') {
      report.push(
        item(
          'emoji_refused',
          { name: raw, detail: 'it names no image.' },
          `The custom emoji :${raw}: was not imported: it names no image.`
        )
      )
      continue
    }
    if (!NAME.test(name)) {
      const detail = 'its name is not lowercase letters, digits, - and _ (at most 30).'
      report.push(
        item(
          'emoji_refused',
          { name: raw, detail },
          `The custom emoji :${raw}: was not imported: ${detail}`
        )
      )
      continue
    }
    if (value.startsWith('alias:')) aliases.push([name, clean(value.slice(6))])
    else images.set(name, { name, image: value.trim(), aliases: [] })
  }
  for (const [alias, target] of aliases) {
    const emoji = images.get(target)
    if (emoji) {
      if (!images.has(alias)) emoji.aliases.push(alias)
      continue
    }
    report.push(
      item(
        'emoji_alias_missing',
        { name: alias, target },
        `The custom emoji alias :${alias}: was not imported: :${target}: is not one of the archive's custom emoji.`
      )
    )
  }
  return [...images.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
}

/** The image's type by its first bytes (as a browser sniffs it), or null when it is none of ours. */
export function imageType(bytes: Uint8Array): 'image/png' | 'image/gif' | 'image/webp' | null {
  const at = (i: number, ...values: number[]) => values.every((v, k) => bytes[i + k] === v)
  if (at(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png'
  if (at(0, 0x47, 0x49, 0x46, 0x38) && (bytes[4] === 0x37 || bytes[4] === 0x39)) return 'image/gif'
  if (at(0, 0x52, 0x49, 0x46, 0x46) && at(8, 0x57, 0x45, 0x42, 0x50)) return 'image/webp'
  return null
}

/** The zip's entry for an emoji's image: the path it names, else emoji/<name>.<ext>. */
function entryOf(archive: Archive, emoji: EmojiToImport): string | null {
  const entries = archive.zip.index.entries
  if (!/^https?:\/\//i.test(emoji.image)) return entries.has(emoji.image) ? emoji.image : null
  const ext = /\.([a-z0-9]{1,5})(?:[?#].*)?$/i.exec(emoji.image)?.[1]?.toLowerCase()
  for (const candidate of [ext, 'png', 'gif', 'webp', 'jpg', 'jpeg']) {
    const path = `emoji/${emoji.name}.${candidate}`
    if (candidate && entries.has(path)) return path
  }
  return null
}

type Image = { bytes: Uint8Array } | { trouble: ReportItem }

const refused = (emoji: EmojiToImport, code: ReportCode, why: string, values: Values = {}) => ({
  trouble: item(
    code,
    { name: emoji.name, ...values },
    `The custom emoji :${emoji.name}: was not imported: ${why}.`
  ),
})

async function imageOf(archive: Archive, emoji: EmojiToImport): Promise<Image> {
  const path = entryOf(archive, emoji)
  const tooBig = () =>
    refused(emoji, 'emoji_image_too_big', `its image is over ${MAX_EMOJI_BYTES} bytes`, {
      max: MAX_EMOJI_BYTES,
    })
  if (path !== null) {
    if ((archive.zip.index.entries.get(path)?.size ?? 0) > MAX_EMOJI_BYTES) return tooBig()
    const bytes = await archive.zip.read(path, MAX_EMOJI_BYTES)
    if (!bytes) return refused(emoji, 'emoji_image_missing', 'its image could not be read')
    return { bytes }
  }
  if (!/^https?:\/\//i.test(emoji.image)) {
    return refused(emoji, 'emoji_image_missing', 'its image is not in the archive')
  }
  try {
    const response = await safeFetch(emoji.image, {
      maxBytes: MAX_EMOJI_BYTES,
      timeoutMs: 10_000,
    })
    if (response.status !== 200) {
      const why = `its image's link answered ${response.status}`
      return refused(emoji, 'emoji_image_missing', why)
    }
    return { bytes: response.body }
  } catch (error) {
    if (error instanceof OutboundError && error.code === 'too_large') return tooBig()
    return refused(emoji, 'emoji_image_missing', 'its image could not be downloaded')
  }
}

/** How long one call's uploads may take (well within the minute after which a slice is dead). */
export const EMOJI_CALL_MS = 20_000

/**
 * Uploads the images of `emoji` (those the workspace does not have the names of), from the first
 * on, until EMOJI_CALL_MS have passed (one at least): the rows for import_custom_emoji, and how
 * many of `emoji` it went through; what could not be had goes into `report`.
 */
export async function uploadEmoji(
  admin: SupabaseClient,
  archive: Archive,
  importId: string,
  workspaceId: string,
  emoji: EmojiToImport[],
  taken: Set<string>,
  report: ReportItem[]
): Promise<{ rows: { name: string; aliases: string[]; image_path: string }[]; done: number }> {
  const rows: { name: string; aliases: string[]; image_path: string }[] = []
  const until = Date.now() + EMOJI_CALL_MS
  let done = 0
  for (const one of emoji) {
    if (done > 0 && Date.now() > until) break
    done += 1
    if (taken.has(one.name)) continue
    const image = await imageOf(archive, one)
    if ('trouble' in image) {
      report.push(image.trouble)
      continue
    }
    const type = imageType(image.bytes)
    if (type === null) {
      const why = 'its image is not a PNG, GIF or WebP image'
      report.push(refused(one, 'emoji_image_type', why).trouble)
      continue
    }
    const ext = type.slice('image/'.length)
    const path = `${workspaceId}/import-${uuidV5(importId, `emoji:${one.name}`)}.${ext}`
    const { error } = await admin.storage
      .from('custom-emoji')
      .upload(path, image.bytes, { contentType: type, upsert: true })
    if (error) {
      const detail = error.message
      const why = `its image could not be stored: ${detail}`
      report.push(refused(one, 'emoji_refused', why, { detail: why }).trouble)
      continue
    }
    rows.push({
      name: one.name,
      aliases: one.aliases.filter((a) => !taken.has(a)),
      image_path: path,
    })
  }
  return { rows, done }
}
