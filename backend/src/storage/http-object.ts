// The HTTP side of serving an object, as Storage's renderer answers: pure helpers for Range,
// conditional requests and the download disposition, and the one function that streams a file.
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { ObjectRow } from './db/objects.ts'
import type { OpenedFile } from './disk.ts'
import { ERRORS } from './errors.ts'

export type RangeResult =
  { kind: 'none' } | { kind: 'partial'; start: number; end: number } | { kind: 'unsatisfiable' }

/**
 * One byte range of a `Range: bytes=…` header against a size. Other units, several ranges and
 * malformed specs are ignored (the whole object is sent), as RFC 9110 allows.
 */
export function parseRange(header: string | undefined, size: number): RangeResult {
  if (!header) return { kind: 'none' }
  const match = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header)
  if (!match) return { kind: 'none' }
  const [, first = '', last = ''] = match
  if (first === '' && last === '') return { kind: 'none' }
  if (first === '') {
    const suffix = Number(last)
    if (suffix === 0 || size === 0) return { kind: 'unsatisfiable' }
    return { kind: 'partial', start: Math.max(0, size - suffix), end: size - 1 }
  }
  const start = Number(first)
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1)
  if (last !== '' && Number(last) < start) return { kind: 'none' }
  if (start >= size) return { kind: 'unsatisfiable' }
  return { kind: 'partial', start, end }
}

/** Whether If-None-Match / If-Modified-Since say the client's copy is current. */
export function isNotModified(
  headers: Record<string, string | string[] | undefined>,
  etag: string,
  lastModified: Date
): boolean {
  const noneMatch = single(headers['if-none-match'])
  if (noneMatch !== undefined) {
    const tags = noneMatch.split(',').map((t) => t.trim().replace(/^W\//, ''))
    return tags.includes('*') || tags.includes(etag.replace(/^W\//, ''))
  }
  const since = single(headers['if-modified-since'])
  if (since !== undefined) {
    const date = Date.parse(since)
    return !Number.isNaN(date) && Math.floor(lastModified.getTime() / 1000) * 1000 <= date
  }
  return false
}

/** If-Range: the range applies only while the client's validator is still current. */
export function rangeStillValid(
  headers: Record<string, string | string[] | undefined>,
  etag: string,
  lastModified: Date
): boolean {
  const ifRange = single(headers['if-range'])
  if (ifRange === undefined) return true
  if (ifRange.startsWith('"') || ifRange.startsWith('W/')) return ifRange === etag
  const date = Date.parse(ifRange)
  return !Number.isNaN(date) && Math.floor(lastModified.getTime() / 1000) * 1000 <= date
}

/** Content-Disposition for `?download[=name]`: "attachment;" or with the name, encoded. */
export function contentDisposition(download: string | undefined): string | null {
  if (download === undefined) return null
  if (download === '') return 'attachment;'
  const encoded = encodeURIComponent(download)
  return `attachment; filename=${encoded}; filename*=UTF-8''${encoded};`
}

/** Storage never serves HTML as HTML: a stored page would run on the project's origin. */
export function servedContentType(mimetype: string | undefined): string {
  if (!mimetype) return 'application/octet-stream'
  return /text\/html/i.test(mimetype) ? 'text/plain' : mimetype
}

/**
 * A stored file opened on its own (its URL in a tab) runs nothing and reaches nothing: an SVG's
 * scripts, an XML page's. Real Storage sends no policy (it only serves HTML as text/plain, as
 * servedContentType does); this one costs nothing where files are shown (an <img>, a download)
 * and keeps an uploaded SVG from being a page of the project's origin. PDFs are left out:
 * Chromium's viewer does not open a PDF under `sandbox`.
 */
export function objectPolicy(contentType: string): Record<string, string> {
  return /^application\/pdf\b/i.test(contentType)
    ? {}
    : { 'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox" }
}

/**
 * The validators and headers of a stored object. Through a signed URL (`expires`: its token's
 * exp, in seconds) Storage answers an Expires of the token's expiry instead of the Cache-Control.
 */
export function objectHeaders(row: ObjectRow, file: OpenedFile, expires?: number) {
  const meta = row.metadata
  const etag = meta?.eTag ?? `"${row.version ?? row.id}"`
  const lastModified = new Date(meta?.lastModified ?? file.mtime)
  const contentType = servedContentType(meta?.mimetype)
  const caching: Record<string, string> =
    expires === undefined
      ? { 'cache-control': meta?.cacheControl ?? 'no-cache' }
      : { expires: new Date(expires * 1000).toUTCString() }
  return {
    etag,
    lastModified,
    headers: {
      'accept-ranges': 'bytes',
      'content-type': contentType,
      'x-content-type-options': 'nosniff',
      ...objectPolicy(contentType),
      ...caching,
      etag,
      'last-modified': lastModified.toUTCString(),
      ...(meta?.contentEncoding ? { 'content-encoding': meta.contentEncoding } : {}),
    } as Record<string, string>,
  }
}

/** Streams an opened object (or answers 304/206/416), closing the file in every case. */
export async function sendObject(
  request: FastifyRequest,
  reply: FastifyReply,
  row: ObjectRow,
  file: OpenedFile,
  options: { head: boolean; download: string | undefined; expires?: number }
): Promise<FastifyReply> {
  let handed = false
  try {
    const { etag, lastModified, headers } = objectHeaders(row, file, options.expires)
    reply.headers(headers)
    const disposition = contentDisposition(options.download)
    if (disposition) reply.header('content-disposition', disposition)
    if (isNotModified(request.headers, etag, lastModified)) {
      return await reply.code(304).send()
    }
    let range = parseRange(single(request.headers.range), file.size)
    if (!rangeStillValid(request.headers, etag, lastModified)) range = { kind: 'none' }
    if (range.kind === 'unsatisfiable') {
      reply.header('content-range', `bytes */${file.size}`)
      throw ERRORS.invalidRange()
    }
    const start = range.kind === 'partial' ? range.start : 0
    const end = range.kind === 'partial' ? range.end : file.size - 1
    if (range.kind === 'partial') {
      reply.code(206).header('content-range', `bytes ${start}-${end}/${file.size}`)
    }
    reply.header('content-length', String(Math.max(0, end - start + 1)))
    if (options.head || file.size === 0) return await reply.send()
    handed = true
    return await reply.send(
      file.handle.createReadStream({ start, end, highWaterMark: 1 << 20, autoClose: true })
    )
  } finally {
    if (!handed) await file.handle.close().catch(() => undefined)
  }
}

function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value
}
