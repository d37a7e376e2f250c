// The archive's JSON items, field by field (the files are read item by item by json-stream.ts): an
// item whose fields have the wrong type is skipped and reported; unknown fields are ignored. Pure
// (no I/O), shared by the import function and its tests.
import type { ReportItem } from './zip.ts'

export const JSON_LIMIT = 64 * 1024 ** 2

/** A field was missing or of the wrong type: the item is skipped with this reason. */
export class ItemError extends Error {}

type Json = Record<string, unknown>

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** The file's JSON object, or null (reported). */
export function jsonObject(bytes: Uint8Array, file: string, report: ReportItem[]): Json | null {
  try {
    const value: unknown = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes))
    if (isObject(value)) return value
    report.push({ file, reason: 'The file is not a JSON object.' })
  } catch {
    report.push({ file, reason: 'The file is not valid JSON (UTF-8).' })
  }
  return null
}

function wrong(field: string, what: string): never {
  throw new ItemError(`"${field}" is not ${what}.`)
}

export function str(item: Json, field: string): string {
  const value = item[field]
  if (typeof value !== 'string' || value === '') wrong(field, 'a non-empty string')
  return value
}

export function optStr(item: Json, field: string): string | null {
  const value = item[field]
  if (value === undefined || value === null) return null
  if (typeof value !== 'string') wrong(field, 'a string')
  return value
}

export function optBool(item: Json, field: string): boolean {
  const value = item[field]
  if (value === undefined || value === null) return false
  if (typeof value !== 'boolean') wrong(field, 'true or false')
  return value
}

export function optNum(item: Json, field: string): number | null {
  const value = item[field]
  if (value === undefined || value === null) return null
  if (typeof value !== 'number' || !Number.isFinite(value)) wrong(field, 'a number')
  return value
}

export function optObj(item: Json, field: string): Json | null {
  const value = item[field]
  if (value === undefined || value === null) return null
  if (!isObject(value)) wrong(field, 'an object')
  return value
}

export function optArr(item: Json, field: string): unknown[] {
  const value = item[field]
  if (value === undefined || value === null) return []
  if (!Array.isArray(value)) wrong(field, 'an array')
  return value
}

export function strings(item: Json, field: string): string[] {
  const list = optArr(item, field)
  if (!list.every((value) => typeof value === 'string')) wrong(field, 'a list of ids')
  return list as string[]
}

/** Slack's ts ("1700000000.000100"): its ISO time, or an ItemError. */
export function tsTime(ts: string, field = 'ts'): string {
  if (!/^\d{1,12}(\.\d{1,6})?$/.test(ts)) wrong(field, 'a Slack timestamp')
  const [seconds = '0', micros = ''] = ts.split('.')
  const ms = Number(seconds) * 1000 + Number(micros.padEnd(6, '0').slice(0, 3))
  const date = new Date(ms)
  if (Number.isNaN(date.getTime()) || date.getUTCFullYear() > 9999) wrong(field, 'a time')
  return `${date.toISOString().slice(0, 19)}.${micros.padEnd(6, '0')}Z`
}

export { isObject }
export type { Json }
