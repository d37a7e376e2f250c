// The import reads its archive as a stream (issue 49, item 7): where the archive lies, a range at
// a time (its tail and central directory first, then each entry as it is needed), and a day file
// item by item as it inflates, so neither the archive nor a whole entry is ever in memory. Here
// with a source that counts what it hands out; the import from Storage by HTTP ranges is in
// imports-large.test.ts.
import { describe, expect, it } from 'vitest'
import { jsonItems } from '../functions/_shared/archive/json-stream.ts'
import { openArchive } from '../functions/_shared/archive/read.ts'
import { bytesSource, openZipSource } from '../functions/_shared/archive/zip-source.ts'
import type { ZipSource } from '../functions/_shared/archive/zip-source.ts'
import type { ReportItem } from '../functions/_shared/archive/zip.ts'
import { lyingZip, zipOf } from './support/slack-export.ts'

/** A source that counts the bytes it hands out, and the largest single piece. */
function counting(bytes: Uint8Array) {
  const inner = bytesSource(bytes, 64 * 1024)
  const seen = { bytes: 0, largest: 0 }
  const note = (piece: Uint8Array) => {
    seen.bytes += piece.length
    seen.largest = Math.max(seen.largest, piece.length)
    return piece
  }
  const source: ZipSource = {
    size: inner.size,
    read: async (offset, length) => note(await inner.read(offset, length)),
    async *stream(offset, length) {
      for await (const piece of inner.stream(offset, length)) yield note(piece)
    },
  }
  return { source, seen }
}

const words = ['alpha', 'bravo', 'charlie', 'delta', 'echo', 'foxtrot', 'golf', 'hotel', 'india']

/** A day file of `count` messages with varied text (it compresses as real chat does). */
function dayFile(count: number): unknown[] {
  let seed = 7
  const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648)
  return Array.from({ length: count }, (_, i) => ({
    type: 'message',
    user: 'U1',
    ts: `${1700000000 + i}.000100`,
    text: Array.from({ length: 60 }, () => `${words[next() % 9]}${next() % 1000}`).join(' '),
  }))
}

async function all<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = []
  for await (const item of items) out.push(item)
  return out
}

async function* pieces(text: string, size: number): AsyncGenerator<Uint8Array> {
  const bytes = new TextEncoder().encode(text)
  for (let at = 0; at < bytes.length; at += size) yield bytes.slice(at, at + size)
}

describe('an archive read as a stream', () => {
  it('reads the directory from the tail, and a big day file item by item as it inflates', async () => {
    const count = 40_000
    const zip = zipOf({
      'users.json': [{ id: 'U1', name: 'ann', profile: { real_name: 'Ann' } }],
      'channels.json': [{ id: 'C1', name: 'general', created: 1700000000, members: ['U1'] }],
      'general/2024-01-01.json': dayFile(count),
    })
    const { source, seen } = counting(zip)
    const archive = await openArchive(source)
    const entry = archive.zip.index.entries.get('general/2024-01-01.json')!
    expect(entry.size).toBeGreaterThan(20 * 1024 ** 2)
    // Opening read the tail, the directory and the small lists: not the day file.
    expect(seen.bytes).toBeLessThan(200 * 1024)
    const messages = archive.messages('general/2024-01-01.json')
    const first = await messages.next()
    expect(first.value).toMatchObject({ ts: '1700000000.000100', user: 'U1' })
    // The first message came from the first pieces of the entry, not from the whole of it.
    expect(seen.bytes).toBeLessThan(entry.compressedSize / 10)
    let rest = 0
    for await (const message of messages) {
      expect(message.index).toBe(rest + 1)
      rest += 1
    }
    expect(rest + 1).toBe(count)
    expect(archive.report).toEqual([])
    // Every byte of the entry was read once, in pieces of at most 64 KiB (and the tail's 64 KiB).
    expect(seen.bytes).toBeLessThan(zip.length + 200 * 1024)
    expect(seen.largest).toBeLessThanOrEqual(22 + 0xffff)
  })

  it('reads the same items however the bytes are cut, multi-byte characters and escapes included', async () => {
    const items = [
      { text: 'quote " and \\ backslash, [brackets] {braces}, comma , here' },
      { text: 'émoji 🎉 and ünïcödé', nested: [[1, [2]], { a: { b: '}' } }] },
      'a string item',
      12.5,
      null,
      [],
    ]
    const text = ` \n[ ${items.map((item) => JSON.stringify(item)).join(' ,\n')} ]\n`
    for (const size of [1, 2, 3, 5, 7, 13, 1024]) {
      const report: ReportItem[] = []
      const read = await all(jsonItems(pieces(text, size), 'f.json', report))
      expect(read).toEqual(items.map((value, index) => ({ index, value })))
      expect(report).toEqual([])
    }
    expect(await all(jsonItems(pieces('[]', 1), 'f.json', []))).toEqual([])
  })

  it('reports what is not an array, not JSON, cut part way, or an item too big, keeping the items before', async () => {
    const notJson = {
      file: 'f.json',
      code: 'not_json',
      reason: 'The file is not valid JSON (UTF-8).',
    }
    const read = async (text: string, limit?: number) => {
      const report: ReportItem[] = []
      const items = await all(jsonItems(pieces(text, 4), 'f.json', report, limit))
      return { values: items.map((item) => item.value), report }
    }
    expect(await read('{"a": 1}')).toEqual({
      values: [],
      report: [{ file: 'f.json', code: 'not_json_array', reason: 'The file is not a JSON array.' }],
    })
    for (const bad of ['{"this is": not json', '', '[1,,2]', '[1, 2,]', '[1] x', '[{"a": 1}}']) {
      expect((await read(bad)).report).toEqual([notJson])
    }
    expect(await read('[{"a": 1}, {"b": 2}, {"c": ')).toEqual({
      values: [{ a: 1 }, { b: 2 }],
      report: [notJson],
    })
    expect(await read(`[1, "${'x'.repeat(100)}", 3]`, 50)).toEqual({
      values: [1, 3],
      report: [
        {
          file: 'f.json',
          index: 1,
          code: 'item_too_big',
          values: { max: 50 },
          reason: 'The item is over 50 characters.',
        },
      ],
    })
    const notUtf8 = new Uint8Array([0x5b, 0x22, 0xff, 0x22, 0x5d])
    const report: ReportItem[] = []
    expect(await all(jsonItems(bytesSource(notUtf8, 2).stream(0, 5), 'f.json', report))).toEqual([])
    expect(report).toEqual([notJson])
  })

  it('stops an entry that inflates past what its header says, or short of it, while streaming', async () => {
    const liarItem = {
      file: 'liar.json',
      code: 'file_inflates_beyond_header',
      reason: 'The file inflates to more than its header says (a zip bomb).',
    }
    const liar = await openZipSource(bytesSource(lyingZip('liar.json', 5 * 1024 ** 2, 100)))
    expect(await liar.read('liar.json', 1024 ** 2)).toBeNull()
    expect(liar.index.report).toEqual([liarItem])
    const short = await openZipSource(bytesSource(lyingZip('short.json', 50, 80)))
    expect(await short.read('short.json', 1024 ** 2)).toBeNull()
    expect(short.index.report).toEqual([
      { file: 'short.json', code: 'file_damaged', reason: 'The file is damaged.' },
    ])
    const report: ReportItem[] = []
    expect(await all(jsonItems(liar.chunks('liar.json'), 'liar.json', report))).toEqual([])
    expect(report).toEqual([liarItem])
  })
})
