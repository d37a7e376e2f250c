// The archive's JSON items, field by field (the files are read item by item by json-stream.ts): an
// item whose fields have the wrong type is skipped and reported; unknown fields are ignored. Pure
// (no I/O), shared by the import function and its tests.
import { CodedError } from './codes.ts'
import type { ReportCode } from './codes.ts'
import type { ReportItem } from './zip.ts'

export const JSON_LIMIT = 64 * 1024 ** 2

/** A field was missing or of the wrong type: the item is skipped with this reason. */
export class ItemError extends CodedError<ReportCode> {}

type Json = Record<string, unknown>

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** The file's JSON object, or null (reported). */
export function jsonObject(bytes: Uint8Array, file: string, report: ReportItem[]): Json | null {
  try {
    const value: unknown = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes))
    if (isObject(value)) return value
    report.push({ file, code: 'not_json_object', reason: 'The file is not a JSON object.' })
  } catch {
    report.push({ file, code: 'not_json', reason: 'The file is not valid JSON (UTF-8).' })
  }
  return null
}

/** What a field should have been: its code, and the words of its English reason. */
const KINDS = {
  field_not_nonempty_string: 'a non-empty string',
  field_not_string: 'a string',
  field_not_boolean: 'true or false',
  field_not_number: 'a number',
  field_not_object: 'an object',
  field_not_array: 'an array',
  field_not_id_list: 'a list of ids',
  field_not_timestamp: 'a Slack timestamp',
  field_not_time: 'a time',
} satisfies Partial<Record<ReportCode, string>>

export function wrong(field: string, code: keyof typeof KINDS): never {
  throw new ItemError(code, { field }, `"${field}" is not ${KINDS[code]}.`)
}

export function str(item: Json, field: string): string {
  const value = item[field]
  if (typeof value !== 'string' || value === '') wrong(field, 'field_not_nonempty_string')
  return value
}

export function optStr(item: Json, field: string): string | null {
  const value = item[field]
  if (value === undefined || value === null) return null
  if (typeof value !== 'string') wrong(field, 'field_not_string')
  return value
}

export function optBool(item: Json, field: string): boolean {
  const value = item[field]
  if (value === undefined || value === null) return false
  if (typeof value !== 'boolean') wrong(field, 'field_not_boolean')
  return value
}

export function optNum(item: Json, field: string): number | null {
  const value = item[field]
  if (value === undefined || value === null) return null
  if (typeof value !== 'number' || !Number.isFinite(value)) wrong(field, 'field_not_number')
  return value
}

export function optObj(item: Json, field: string): Json | null {
  const value = item[field]
  if (value === undefined || value === null) return null
  if (!isObject(value)) wrong(field, 'field_not_object')
  return value
}

export function optArr(item: Json, field: string): unknown[] {
  const value = item[field]
  if (value === undefined || value === null) return []
  if (!Array.isArray(value)) wrong(field, 'field_not_array')
  return value
}

export function strings(item: Json, field: string): string[] {
  const list = optArr(item, field)
  if (!list.every((value) => typeof value === 'string')) wrong(field, 'field_not_id_list')
  return list as string[]
}

/** Slack's ts ("1700000000.000100"): its ISO time, or an ItemError. */
export function tsTime(ts: string, field = 'ts'): string {
  if (!/^\d{1,12}(\.\d{1,6})?$/.test(ts)) wrong(field, 'field_not_timestamp')
  const [seconds = '0', micros = ''] = ts.split('.')
  const ms = Number(seconds) * 1000 + Number(micros.padEnd(6, '0').slice(0, 3))
  const date = new Date(ms)
  if (Number.isNaN(date.getTime()) || date.getUTCFullYear() > 9999) wrong(field, 'field_not_time')
  return `${date.toISOString().slice(0, 19)}.${micros.padEnd(6, '0')}Z`
}

export { isObject }
export type { Json }
