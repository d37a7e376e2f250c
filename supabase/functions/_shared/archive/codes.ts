// Codes, not words (issue 53): each item of an import's report and each failure of an import or an
// export carries a stable snake_case code and the values its sentence needs, listed once here.
// The English sentence stays beside it (`reason`, the row's `error`): older readers and the API
// read that, and the app shows it for a code it does not know; the app says each code in its own
// language (app/src/features/imports/data/report-words.ts, …/failure-words.ts, and
// app/src/features/exports/data/failure-words.ts; their tests read these lists from this file's
// text, so keep each list one array of quoted codes).

/** Why an item of the archive (a file, one item of a file) was skipped or changed. */
export const REPORT_CODES = [
  'name_empty',
  'name_too_long',
  'name_not_utf8',
  'name_nul',
  'name_backslash',
  'name_absolute',
  'name_leaves_archive',
  'compression_unsupported',
  'file_too_big',
  'zip_bomb',
  'file_outside_archive',
  'name_twice',
  'file_damaged',
  'file_not_deflate',
  'file_inflates_beyond_header',
  'file_cut_short',
  'not_json',
  'not_json_object',
  'not_json_array',
  'item_too_big',
  'item_not_object',
  'field_not_nonempty_string',
  'field_not_string',
  'field_not_boolean',
  'field_not_number',
  'field_not_object',
  'field_not_array',
  'field_not_id_list',
  'field_not_timestamp',
  'field_not_time',
  'field_folder_name',
  'list_item_not_object',
  'no_workspace_id',
  'conversation_twice',
  'message_too_long',
  'message_empty',
  'too_many_files',
  'attachment_not_in_archive',
  'attachment_too_big',
  'attachment_no_link',
  'attachment_link_status',
  'attachment_refused',
  'attachment_download_failed',
  'attachment_not_stored',
  'emoji_refused',
  'emoji_alias_missing',
  'emoji_image_missing',
  'emoji_image_type',
  'emoji_image_too_big',
] as const

/** Why an import failed (and was undone). */
export const IMPORT_FAILURE_CODES = [
  'not_zip',
  'zip_damaged',
  'too_many_entries',
  'archive_too_big',
  'not_slack_export',
  'archive_unreadable',
  'import_interrupted',
  'import_failed',
] as const

/** Why an export failed. */
export const EXPORT_FAILURE_CODES = [
  'workspace_gone',
  'export_storage_refused',
  'export_storage_stalled',
  'export_file_unreadable',
  'export_failed',
] as const

export type ReportCode = (typeof REPORT_CODES)[number]
export type FailureCode =
  (typeof IMPORT_FAILURE_CODES)[number] | (typeof EXPORT_FAILURE_CODES)[number]

/** The values a code's sentence names ({max}, {field}, …); a `detail` is shown as it is. */
export type Values = Record<string, string | number>

/** Why an item is skipped, before it is put in the report under its file. */
export interface Why {
  code: ReportCode
  values?: Values
  reason: string
}

export const why = (code: ReportCode, reason: string, values?: Values): Why =>
  values ? { code, values, reason } : { code, reason }

/** An error that says what went wrong as a code with values, and in English (its message). */
export class CodedError<Code extends string = ReportCode | FailureCode> extends Error {
  readonly code: Code
  readonly values: Values
  constructor(code: Code, values: Values, message: string) {
    super(message)
    this.code = code
    this.values = values
  }
}

/**
 * One skipped item: the archive's file, the item's index in it when it is one item, why (in
 * English, and as a code with the values its sentence needs, above).
 */
export interface ReportItem {
  file: string
  index?: number
  reason: string
  code: ReportCode
  values?: Values
}

/** A coded error as a report item of `file` (and of its item `index`). */
export function reported(file: string, error: CodedError<ReportCode>, index?: number): ReportItem {
  const values = Object.keys(error.values).length > 0 ? { values: error.values } : {}
  const where = index === undefined ? { file } : { file, index }
  return { ...where, code: error.code, ...values, reason: error.message }
}

/** The most a row's `error` holds (fail_export keeps 500 characters). */
const ERROR_LENGTH = 500
/** The most a text value holds in a failure's tail (a storage error's message, …). */
const VALUE_LENGTH = 120

/**
 * A failure as the row's `error` text: the English sentence, then the code and its values in
 * parentheses, as the app shows a database refusal's code ("… (code {"max":5})"). The app reads
 * the tail back (failure-words.ts); anyone else reads the sentence.
 */
export function failureText(code: FailureCode, values: Values, reason: string): string {
  const kept = Object.fromEntries(
    Object.entries(values).map(([name, value]) => [
      name,
      typeof value === 'string' ? value.slice(0, VALUE_LENGTH) : value,
    ])
  )
  const tail = Object.keys(kept).length > 0 ? ` (${code} ${JSON.stringify(kept)})` : ` (${code})`
  return reason.slice(0, ERROR_LENGTH - tail.length) + tail
}

/**
 * An error as a row's `error`: a coded one as its code says, any other as `otherwise` with the
 * error's own message as the detail (shown as it is).
 */
export function failureOf(error: unknown, otherwise: FailureCode): string {
  if (error instanceof CodedError) {
    return failureText(error.code as FailureCode, error.values, error.message)
  }
  const detail = error instanceof Error ? error.message : String(error)
  return failureText(otherwise, { detail }, detail)
}
