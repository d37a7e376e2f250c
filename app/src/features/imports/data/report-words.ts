// An import report's item in the app's language: the server gives each item a code and the values
// its sentence needs (supabase/functions/_shared/archive/codes.ts, REPORT_CODES; the test checks
// that every code there has a sentence here), beside its English `reason`, which is shown for a
// code this app does not know (a newer server) or an item of an older report (no code).
import { plural, t } from '@lingui/core/macro'
import { numberOf, textOf } from '../../../lib/coded-text.ts'
import type { Values } from '../../../lib/coded-text.ts'

export type { Values }

/** The sentence for a report item's code, or null for a code this app does not know. */
export function reportCodeSentence(code: string, values: Values): string | null {
  const field = textOf(values, 'field')
  const name = textOf(values, 'name')
  const max = numberOf(values, 'max')
  switch (code) {
    case 'name_empty':
      return t`The entry has no name.`
    case 'name_too_long':
      return plural(max, {
        one: 'The name is longer than # byte.',
        other: 'The name is longer than # bytes.',
      })
    case 'name_not_utf8':
      return t`The name is not UTF-8.`
    case 'name_nul':
      return t`The name contains a NUL character.`
    case 'name_backslash':
      return t`The name contains a backslash.`
    case 'name_absolute':
      return t`The name is an absolute path.`
    case 'name_leaves_archive':
      return t`The name leaves the archive (..).`
    case 'compression_unsupported': {
      const method = textOf(values, 'method')
      return t`Unsupported compression (method ${method}).`
    }
    case 'file_too_big':
      return plural(max, { one: 'The file is over # byte.', other: 'The file is over # bytes.' })
    case 'zip_bomb': {
      const ratio = textOf(values, 'ratio')
      return t`The file is compressed beyond ${ratio}:1 (a zip bomb).`
    }
    case 'file_outside_archive':
      return t`The file lies outside the archive.`
    case 'name_twice':
      return t`The archive holds this name twice; the first is used.`
    case 'file_damaged':
      return t`The file is damaged.`
    case 'file_not_deflate':
      return t`The file is not valid deflate data.`
    case 'file_inflates_beyond_header':
      return t`The file inflates to more than its header says (a zip bomb).`
    case 'file_cut_short':
      return t`The file is cut short.`
    case 'not_json':
      return t`The file is not valid JSON (UTF-8).`
    case 'not_json_object':
      return t`The file is not a JSON object.`
    case 'not_json_array':
      return t`The file is not a JSON array.`
    case 'item_too_big':
      return plural(max, {
        one: 'The item is over # character.',
        other: 'The item is over # characters.',
      })
    case 'item_not_object':
      return t`The item is not an object.`
    case 'field_not_nonempty_string':
      return t`"${field}" is not a non-empty string.`
    case 'field_not_string':
      return t`"${field}" is not a string.`
    case 'field_not_boolean':
      return t`"${field}" is not true or false.`
    case 'field_not_number':
      return t`"${field}" is not a number.`
    case 'field_not_object':
      return t`"${field}" is not an object.`
    case 'field_not_array':
      return t`"${field}" is not an array.`
    case 'field_not_id_list':
      return t`"${field}" is not a list of ids.`
    case 'field_not_timestamp':
      return t`"${field}" is not a Slack timestamp.`
    case 'field_not_time':
      return t`"${field}" is not a time.`
    case 'field_folder_name':
      return t`"${field}" cannot be a folder name.`
    case 'list_item_not_object': {
      const number = numberOf(values, 'index') + 1
      return t`Item ${number} of "${field}" is not an object.`
    }
    case 'no_workspace_id':
      return t`It names no workspace id; read as a Slack export.`
    case 'conversation_twice': {
      const id = textOf(values, 'id')
      return t`The conversation ${id} is listed twice.`
    }
    case 'message_too_long':
      return plural(max, {
        one: 'The message is longer than # character; it was cut.',
        other: 'The message is longer than # characters; it was cut.',
      })
    case 'message_empty':
      return t`The message is empty.`
    case 'too_many_files':
      return plural(max, {
        one: 'A message has at most # file in Chorus; the others were left out.',
        other: 'A message has at most # files in Chorus; the others were left out.',
      })
    default:
      return attachmentSentence(code, name, values)
  }
}

/** The sentences of a message's file that could not be brought over. */
function attachmentSentence(code: string, name: string, values: Values): string | null {
  const detail = textOf(values, 'detail')
  switch (code) {
    case 'attachment_not_in_archive':
      return t`The file "${name}" could not be imported: it is not in the archive.`
    case 'attachment_too_big': {
      const max = numberOf(values, 'max')
      return plural(max, {
        one: `The file "${name}" could not be imported: it is over # byte.`,
        other: `The file "${name}" could not be imported: it is over # bytes.`,
      })
    }
    case 'attachment_no_link':
      return t`The file "${name}" could not be imported: the export has no link to it.`
    case 'attachment_link_status': {
      const status = textOf(values, 'status')
      return t`The file "${name}" could not be imported: the link answered ${status}.`
    }
    case 'attachment_refused':
      return t`The file "${name}" could not be imported: ${detail}`
    case 'attachment_download_failed':
      return t`The file "${name}" could not be imported: the download failed.`
    case 'attachment_not_stored':
      return t`The file "${name}" could not be stored: ${detail}`
    default:
      return emojiSentence(code, name, values)
  }
}

/** The sentences of a custom emoji (the archive's emoji.json) that could not be brought over. */
function emojiSentence(code: string, name: string, values: Values): string | null {
  const detail = textOf(values, 'detail')
  switch (code) {
    case 'emoji_refused':
      return t`The custom emoji :${name}: was not imported: ${detail}`
    case 'emoji_alias_missing': {
      const target = textOf(values, 'target')
      return t`The custom emoji alias :${name}: was not imported: :${target}: is not one of the archive's custom emoji.`
    }
    case 'emoji_image_missing':
      return t`The custom emoji :${name}: was not imported: its image could not be read or downloaded.`
    case 'emoji_image_type':
      return t`The custom emoji :${name}: was not imported: its image is not a PNG, GIF or WebP image.`
    case 'emoji_image_too_big':
      return t`The custom emoji :${name}: was not imported: its image is larger than 1 MB.`
    default:
      return null
  }
}
