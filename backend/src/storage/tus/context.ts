// What every tus handler shares: the Storage dependencies, the signer of upload URLs, the
// resumable store, and the steps a request goes through (its writer, the upload its URL names,
// the protocol's common checks and headers, the body appended, the finished upload's object).
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { Readable } from 'node:stream'
import { header } from '../../http/header.ts'
import type { StorageCaller } from '../caller.ts'
import { requireCaller } from '../caller.ts'
import type { StorageDeps } from '../deps.ts'
import type { UrlSigner } from '../signed-url.ts'
import { authorizeWrite } from '../upload.ts'
import type { UploadTarget } from '../upload.ts'
import { completeUpload } from './complete.ts'
import {
  asTusError,
  decodeUploadId,
  encodeUploadId,
  invalidHeaders,
  missingSignature,
  SIGNED_SUFFIX,
  TUS_ERRORS,
  TUS_HEADERS,
  TUS_OPERATIONS,
  TUS_PATH,
  TUS_RESUMABLE,
} from './protocol.ts'
import type { UploadId } from './protocol.ts'
import type { ResumableStore, UploadInfo } from './store.ts'

export interface TusContext {
  deps: StorageDeps
  signer: UrlSigner
  store: ResumableStore
  /** The stack's file size limit (storage.file_size_limit), which bounds every bucket's. */
  globalLimit: number
}

/** Who may write: the caller, or a signed upload URL's owner and upsert. */
export interface Writer {
  caller: StorageCaller | null
  owner: string | null
  upsert: boolean
}

/** A tus method's handler, given the writer already known from the request's JWT (unsigned). */
export type TusHandler = (
  request: FastifyRequest,
  reply: FastifyReply,
  writer: Writer | null
) => Promise<void>

/** The writer of a request: from its JWT, or from its signed URL's token for this object. */
export async function writerOf(
  t: TusContext,
  request: FastifyRequest,
  signed: boolean,
  object: { bucket: string; key: string } | null
): Promise<Writer | null> {
  if (!signed) {
    const caller = await requireCaller(t.deps.ctx, request)
    return { caller, owner: caller.sub, upsert: header(request, 'x-upsert') === 'true' }
  }
  if (!object) return null
  const token = header(request, 'x-signature')
  if (!token) throw missingSignature()
  const verified = await t.signer.verifyUpload(token, `${object.bucket}/${object.key}`)
  return { caller: null, owner: verified.owner, upsert: verified.upsert }
}

/** The signed routes' writer, once the object is known; the unsigned routes' as given. */
export async function writerFor(
  t: TusContext,
  request: FastifyRequest,
  known: Writer | null,
  object: { bucket: string; key: string }
): Promise<Writer> {
  return known ?? (await writerOf(t, request, true, object))!
}

export function targetOf(
  object: { bucket: string; key: string },
  writer: Writer,
  operation: string
): UploadTarget {
  return {
    bucket: object.bucket,
    key: object.key,
    upsert: writer.upsert,
    owner: writer.owner,
    operation,
  }
}

/** Runs a tus request: the protocol's common checks and headers, errors as plain text. */
export function tusRoute(t: TusContext, signed: boolean, handler: TusHandler) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    // A missing or bad JWT is Storage's JSON error, before the protocol is looked at.
    const writer = signed ? null : await writerOf(t, request, false, null)
    void reply.header('Tus-Resumable', TUS_RESUMABLE)
    try {
      if (!header(request, 'tus-resumable')) throw TUS_ERRORS.resumableRequired()
      const invalid = invalidHeaders(request.method, request.headers)
      if (invalid.length > 0) throw TUS_ERRORS.invalidHeaders(invalid)
      corsHeaders(request, reply, t.deps.ctx.corsOrigin)
      await handler(request, reply, writer)
    } catch (error) {
      const tusError = asTusError(error)
      if (tusError.status >= 500) t.deps.log.error(`${request.method} ${request.url} failed`, error)
      // What is left of a refused body is not read.
      if (!request.raw.complete) void reply.header('Connection', 'close')
      void reply
        .code(tusError.status)
        .type('text/plain; charset=utf-8')
        .send(request.method === 'HEAD' ? undefined : tusError.body)
    }
  }
}

/** The upload a URL names, held by this request until `release`; 404 or 410 when gone. */
export async function held(t: TusContext, request: FastifyRequest, id: UploadId) {
  const release = await t.store.lock(id.version, () => request.raw.destroy())
  try {
    const info = await t.store.read(id.bucket, id.key, id.version)
    if (!info) throw TUS_ERRORS.notFound()
    if (!info.completed && t.store.isExpired(info)) throw TUS_ERRORS.gone()
    return { info, release }
  } catch (error) {
    release()
    throw error
  }
}

/** Appends the request's body to the upload, within the upload's length and the limit. */
export async function receive(
  t: TusContext,
  request: FastifyRequest,
  info: UploadInfo,
  limit: number,
  allowed?: Promise<unknown>
): Promise<number> {
  const room = (info.size ?? limit) - info.offset
  const declared = Number(header(request, 'content-length') ?? NaN)
  if (Number.isFinite(declared) && declared > room) throw TUS_ERRORS.sizeExceeded()
  const source = (request.body as Readable | undefined) ?? request.raw
  return t.store.append(info, source, room, allowed)
}

/**
 * The last byte is in: the caller's right to write is tried once more, then the bytes become
 * the object through the simple upload's own path (the row, then the file put in place).
 */
export async function finish(
  t: TusContext,
  request: FastifyRequest,
  info: UploadInfo,
  writer: Writer
): Promise<void> {
  const target = targetOf(info, writer, TUS_OPERATIONS.part)
  await authorizeWrite(t.deps, request, target, writer.caller)
  await completeUpload(t.deps, t.store, request, info, target, writer.caller)
}

/** The upload's URL, on the host the client called, under the signed prefix when signed. */
export function locationOf(request: FastifyRequest, signed: boolean, id: UploadId): string {
  const proto = header(request, 'x-forwarded-proto') ?? 'http'
  const host = header(request, 'x-forwarded-host') ?? header(request, 'host') ?? 'localhost'
  const base = `/storage/v1${TUS_PATH}${signed ? SIGNED_SUFFIX : ''}`
  return `${proto}://${host}${base}/${encodeUploadId(id)}`
}

/** The upload a URL's last segment names (404 for anything else). */
export function idOf(request: FastifyRequest): UploadId {
  const segment = (request.params as { '*'?: string })['*'] ?? ''
  if (segment.includes('/')) throw TUS_ERRORS.notFound()
  return decodeUploadId(segment)
}

/** The caller's origin, as tus-node-server answers, unless `serve` allows its own origin only. */
export function corsHeaders(request: FastifyRequest, reply: FastifyReply, allowed: string): void {
  void reply.headers({
    'Access-Control-Allow-Origin': allowed === '*' ? (header(request, 'origin') ?? '*') : allowed,
    'Access-Control-Expose-Headers': TUS_HEADERS.join(', '),
  })
}
