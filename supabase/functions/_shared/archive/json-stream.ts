// A JSON array read item by item as its bytes arrive (issue 49, item 7): a day file of any size
// is never whole in memory, only the item being read (at most ITEM_LIMIT characters; a bigger
// one is skipped and reported). A file that is not JSON, or not an array, is reported; one that
// breaks off part way keeps the items before.
import { reported } from './codes.ts'
import { EntryError } from './zip.ts'
import type { ReportItem } from './zip.ts'

/** The longest item kept (characters of JSON text); a message is far smaller. */
export const ITEM_LIMIT = 8 * 1024 ** 2
/** How much of a file that is not an array is read to tell bad JSON from another value. */
const OTHER_LIMIT = 64 * 1024 ** 2

const NOT_JSON = { code: 'not_json', reason: 'The file is not valid JSON (UTF-8).' } as const

const C = {
  Quote: 34,
  Backslash: 92,
  Comma: 44,
  OpenArray: 91,
  CloseArray: 93,
  OpenObject: 123,
  CloseObject: 125,
} as const

const isSpace = (code: number) => code === 32 || code === 9 || code === 10 || code === 13

export interface JsonItem {
  index: number
  value: unknown
}

class Bad extends Error {}

/**
 * The items of the JSON array in `chunks` (an entry's bytes as they inflate), with their index.
 * What cannot be read goes into `report` under `file`, and ends the items.
 */
export async function* jsonItems(
  chunks: AsyncIterable<Uint8Array>,
  file: string,
  report: ReportItem[],
  itemLimit = ITEM_LIMIT
): AsyncGenerator<JsonItem> {
  const decoder = new TextDecoder('utf-8', { fatal: true })
  let state: 'start' | 'items' | 'after' | 'other' = 'start'
  let other = ''
  let pending = ''
  let oversize = false
  let depth = 0
  let inString = false
  let escaped = false
  let index = 0
  let commas = 0
  const take = (text: string, closing: boolean): JsonItem | null => {
    const trimmed = text.trim()
    if (oversize) {
      oversize = false
      report.push({
        file,
        index,
        code: 'item_too_big',
        values: { max: itemLimit },
        reason: `The item is over ${itemLimit} characters.`,
      })
      index += 1
      return null
    }
    if (trimmed === '') {
      if (closing && commas === 0 && index === 0) return null
      throw new Bad()
    }
    let value: unknown
    try {
      value = JSON.parse(trimmed)
    } catch {
      throw new Bad()
    }
    index += 1
    return { index: index - 1, value }
  }
  try {
    const read = async function* (): AsyncGenerator<string> {
      const decode = (chunk?: Uint8Array) => {
        try {
          return chunk ? decoder.decode(chunk, { stream: true }) : decoder.decode()
        } catch {
          throw new Bad()
        }
      }
      for await (const chunk of chunks) yield decode(chunk)
      yield decode()
    }
    for await (const text of read()) {
      let from = 0
      let i = 0
      if (state === 'other') {
        other += text
        if (other.length > OTHER_LIMIT) throw new Bad()
        continue
      }
      // Where the next quote and backslash are (strings are skipped to them, not read through).
      let quote = -1
      let backslash = -1
      const length = text.length
      for (; i < length; i += 1) {
        if (inString && !escaped) {
          if (quote < i) quote = text.indexOf('"', i) >>> 0
          if (backslash < i) backslash = text.indexOf('\\', i) >>> 0
          const next = Math.min(quote, backslash)
          if (next >= length) {
            i = length
            break
          }
          i = next
          if (i === backslash) escaped = true
          else inString = false
          continue
        }
        const code = text.charCodeAt(i)
        if (state === 'start') {
          if (isSpace(code)) continue
          if (code === C.OpenArray) {
            state = 'items'
            depth = 1
            from = i + 1
            continue
          }
          state = 'other'
          other = text.slice(i)
          break
        }
        if (state === 'after') {
          if (!isSpace(code)) throw new Bad()
          continue
        }
        if (inString) {
          if (escaped) escaped = false
          else if (code === C.Backslash) escaped = true
          else if (code === C.Quote) inString = false
          continue
        }
        if (code === C.Quote) inString = true
        else if (code === C.OpenArray || code === C.OpenObject) depth += 1
        else if (code === C.CloseObject || code === C.CloseArray) {
          depth -= 1
          if (depth === 0) {
            if (code !== C.CloseArray) throw new Bad()
            const item = take(pending + text.slice(from, i), true)
            pending = ''
            state = 'after'
            if (item) yield item
          }
        } else if (code === C.Comma && depth === 1) {
          const item = take(pending + text.slice(from, i), false)
          pending = ''
          from = i + 1
          commas += 1
          if (item) yield item
        }
      }
      if (state === 'items' && !oversize) {
        pending += text.slice(from)
        if (pending.length > itemLimit) {
          oversize = true
          pending = ''
        }
      }
    }
    if (state === 'other') {
      try {
        JSON.parse(other)
      } catch {
        throw new Bad()
      }
      report.push({ file, code: 'not_json_array', reason: 'The file is not a JSON array.' })
      return
    }
    if (state !== 'after') throw new Bad()
  } catch (error) {
    if (error instanceof EntryError) report.push(reported(file, error))
    else if (error instanceof Bad) report.push({ file, ...NOT_JSON })
    else throw error
  }
}
