// Reads an upload's body into a temporary version on disk, streaming, as Storage's uploader reads
// it (while the permission check runs, for raw bodies): a multipart form (storage-js's
// Blob/File/FormData uploads: fields cacheControl, contentType, metadata before the first file
// part, which is the content whatever its field name) or the raw body (content-type,
// cache-control, x-metadata as base64 JSON). Size and type are checked as the
// bytes arrive; nothing is kept in memory beyond the stream's buffers.
import busboy from 'busboy'
import type { FastifyRequest } from 'fastify'
import type { Readable } from 'node:stream'
import type { Disk, Received } from './disk.ts'
import { ERRORS, StorageError } from './errors.ts'
import { mustBeStorable } from './names.ts'
import { header } from '../http/header.ts'

export interface IncomingFile {
  received: Received
  mimetype: string
  cacheControl: string
  contentEncoding: string | null
  userMetadata: Record<string, unknown> | null
}

export interface BodyRules {
  /** The largest size allowed, in bytes. */
  limit: number
  /** Throws when the bucket does not take this type. */
  checkMimeType(mimetype: string): void
}

/**
 * Receives an upload while its rules (the bucket's limits, known once the caller's permission
 * check has read the bucket) are still being settled. A raw body streams to a temporary file at
 * once, within `upperLimit`, and is dropped (the file removed) when the rules refuse it; the
 * rules' own refusal (the permission check) is answered first, as if they had been settled before
 * any byte was read. A multipart form is read once the rules are known.
 */
export async function receiveUpload(
  request: FastifyRequest,
  disk: Disk,
  upperLimit: number,
  rules: Promise<BodyRules>
): Promise<IncomingFile> {
  const source = (request.body as Readable | undefined) ?? request.raw
  const contentType = header(request, 'content-type')
  if (contentType && /^multipart\/form-data/i.test(contentType)) {
    return receiveMultipart(request, source, disk, await rules)
  }
  const length = Number(header(request, 'content-length') ?? NaN)
  if (Number.isFinite(length) && length > upperLimit) {
    await rules
    throw ERRORS.entityTooLarge()
  }
  const mimetype = contentType || 'application/octet-stream'
  let limit = upperLimit
  const stop = new AbortController()
  const receiving = disk.receive(source, () => limit, stop.signal)
  // Awaited below in every case: its failure is reported after the rules' own.
  receiving.catch(() => undefined)
  let userMetadata: Record<string, unknown> | null
  try {
    const settled = await rules
    limit = settled.limit
    if (Number.isFinite(length) && length > limit) throw ERRORS.entityTooLarge()
    settled.checkMimeType(mimetype)
    userMetadata = parseMetadata(header(request, 'x-metadata'), 'base64')
  } catch (error) {
    stop.abort(error)
    await receiving.then(
      (received) => disk.discard(received.version),
      () => undefined
    )
    throw error
  }
  let received: Received
  try {
    received = await receiving
  } catch (error) {
    throw clientGone(request) && !(error instanceof StorageError) ? ERRORS.aborted() : error
  }
  // The whole body may have arrived before the bucket's own limit was known.
  if (received.size > limit) {
    await disk.discard(received.version)
    throw ERRORS.entityTooLarge()
  }
  return {
    received,
    mimetype,
    cacheControl: header(request, 'cache-control') || 'no-cache',
    contentEncoding: header(request, 'content-encoding') || null,
    userMetadata,
  }
}

function receiveMultipart(
  request: FastifyRequest,
  source: Readable,
  disk: Disk,
  rules: BodyRules
): Promise<IncomingFile> {
  return new Promise<IncomingFile>((resolve, reject) => {
    let parser: busboy.Busboy
    try {
      parser = busboy({
        headers: request.headers,
        limits: { fileSize: rules.limit, files: 1, fields: 50, fieldSize: 1 << 20 },
      })
    } catch (error) {
      reject(ERRORS.invalidRequest((error as Error).message))
      return
    }
    const fields: Record<string, string> = {}
    let settled = false
    let fileSeen = false
    let current: Readable | null = null
    const fail = (error: unknown) => {
      if (settled) return
      settled = true
      reject(error)
    }
    // The client went away: stop the file being written (its temporary file is removed).
    const abort = () => {
      source.unpipe(parser)
      if (current) current.destroy(ERRORS.aborted())
      else fail(ERRORS.aborted())
    }
    parser.on('field', (name, value) => {
      if (!fileSeen) fields[name] = value
    })
    parser.on('file', (_name, file, info) => {
      if (fileSeen || settled) {
        file.resume()
        return
      }
      fileSeen = true
      current = file
      let mimetype: string
      let userMetadata: Record<string, unknown> | null
      try {
        mimetype = fields.contentType || info.mimeType || 'application/octet-stream'
        rules.checkMimeType(mimetype)
        userMetadata = parseMetadata(fields.metadata ?? fields.userMetadata, 'json')
      } catch (error) {
        file.resume()
        fail(error)
        return
      }
      // busboy truncates a file at the limit and says so; the upload is refused instead.
      file.on('limit', () => file.destroy(ERRORS.entityTooLarge()))
      disk.receive(file, rules.limit).then(
        (received) => {
          if (settled) return void disk.discard(received.version)
          settled = true
          resolve({
            received,
            mimetype,
            cacheControl: fields.cacheControl ? `max-age=${fields.cacheControl}` : 'no-cache',
            contentEncoding: fields.contentEncoding || null,
            userMetadata,
          })
        },
        (error: unknown) =>
          fail(clientGone(request) && !(error instanceof StorageError) ? ERRORS.aborted() : error)
      )
    })
    parser.on('error', (error) => fail(ERRORS.invalidRequest((error as Error).message)))
    parser.on('close', () => {
      if (!fileSeen) fail(ERRORS.noContent())
    })
    source.on('error', abort)
    source.on('aborted', abort)
    source.pipe(parser)
  })
}

function parseMetadata(
  value: string | undefined,
  encoding: 'base64' | 'json'
): Record<string, unknown> | null {
  if (value === undefined || value === '') return null
  let parsed: unknown
  try {
    const text = encoding === 'base64' ? Buffer.from(value, 'base64').toString('utf8') : value
    parsed = JSON.parse(text)
  } catch {
    // refused below
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw ERRORS.invalidRequest('metadata must be a JSON object')
  }
  // Stored as jsonb, which cannot hold a NUL character.
  mustBeStorable(parsed, 'metadata')
  return parsed as Record<string, unknown>
}

/** The client closed the connection before its body was complete. */
function clientGone(request: FastifyRequest): boolean {
  return request.raw.readableAborted || request.raw.destroyed
}
