// /upload/resumable: resumable uploads as Supabase Storage serves them (tus 1.0.0 with creation,
// creation-with-upload, creation-defer-length, termination and expiration), authenticated with the
// caller's JWT, or under /upload/resumable/sign with a signed upload URL's token in x-signature.
// The caller's right to write the key (row-level security, tried as the caller and rolled back,
// the same check as a simple upload's) is tried when the upload is created, on every PATCH
// (while its body arrives: nothing is acknowledged unless it holds) and before every DELETE, and
// once more when the last byte is in, just before the object's row is written by the simple
// upload's own path (storeObject). The bucket's size and type limits apply at
// creation; the bytes wait in the resumable store (store.ts) until then.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { StorageCaller } from '../caller.ts'
import { requireCaller } from '../caller.ts'
import type { StorageDeps } from '../deps.ts'
import { effectiveLimit, mustBeAllowedMimeType } from '../limits.ts'
import { mustBeValidBucketName, mustBeValidKey } from '../names.ts'
import type { UrlSigner } from '../signed-url.ts'
import { authorizeWrite, storeObject } from '../upload.ts'
import type { UploadTarget } from '../upload.ts'
import { randomUUID } from 'node:crypto'
import type { Readable } from 'node:stream'
import {
  asTusError,
  cacheControlOf,
  decodeUploadId,
  encodeUploadId,
  EXTRA_ALLOWED_HEADERS,
  invalidHeaders,
  missingSignature,
  OFFSET_CONTENT_TYPE,
  parseMetadata,
  SIGNED_SUFFIX,
  stringifyMetadata,
  TUS_ERRORS,
  TUS_EXTENSIONS,
  TUS_HEADERS,
  TUS_MAX_AGE,
  TUS_METHODS,
  TUS_PATH,
  TUS_RESUMABLE,
  TUS_VERSION,
} from './protocol.ts'
import type { Metadata, UploadId } from './protocol.ts'
import type { ResumableStore, UploadInfo } from './store.ts'

const OPERATIONS = {
  create: 'storage.tus.upload.create',
  part: 'storage.tus.upload.part',
  get: 'storage.tus.upload.get',
  delete: 'storage.tus.upload.delete',
  options: 'storage.tus.options',
}

/** Who may write: the caller, or a signed upload URL's owner and upsert. */
interface Writer {
  caller: StorageCaller | null
  owner: string | null
  upsert: boolean
}

export function resumableRoutes(
  app: FastifyInstance,
  deps: StorageDeps,
  signer: UrlSigner,
  store: ResumableStore
): void {
  const globalLimit = deps.ctx.config.storage.fileSizeLimit
  app.removeAllContentTypeParsers()
  app.addContentTypeParser('*', (_request, payload, done) => done(null, payload))

  /** The writer of a request: from its JWT, or from its signed URL's token for this object. */
  const writerOf = async (
    request: FastifyRequest,
    signed: boolean,
    object: { bucket: string; key: string } | null
  ): Promise<Writer | null> => {
    if (!signed) {
      const caller = await requireCaller(deps.ctx, request)
      return { caller, owner: caller.sub, upsert: header(request, 'x-upsert') === 'true' }
    }
    if (!object) return null
    const token = header(request, 'x-signature')
    if (!token) throw missingSignature()
    const verified = await signer.verifyUpload(token, `${object.bucket}/${object.key}`)
    return { caller: null, owner: verified.owner, upsert: verified.upsert }
  }

  const targetOf = (id: UploadId, writer: Writer, operation: string): UploadTarget => ({
    bucket: id.bucket,
    key: id.key,
    upsert: writer.upsert,
    owner: writer.owner,
    operation,
  })

  /** Runs a tus request: the protocol's common checks and headers, errors as plain text. */
  const tus =
    (
      signed: boolean,
      handler: (
        request: FastifyRequest,
        reply: FastifyReply,
        writer: Writer | null
      ) => Promise<void>
    ) =>
    async (request: FastifyRequest, reply: FastifyReply) => {
      // A missing or bad JWT is Storage's JSON error, before the protocol is looked at.
      const writer = signed ? null : await writerOf(request, false, null)
      void reply.header('Tus-Resumable', TUS_RESUMABLE)
      try {
        if (!header(request, 'tus-resumable')) throw TUS_ERRORS.resumableRequired()
        const invalid = invalidHeaders(request.method, request.headers)
        if (invalid.length > 0) throw TUS_ERRORS.invalidHeaders(invalid)
        corsHeaders(request, reply, deps.ctx.corsOrigin)
        await handler(request, reply, writer)
      } catch (error) {
        const tusError = asTusError(error)
        if (tusError.status >= 500) deps.log.error(`${request.method} ${request.url} failed`, error)
        // What is left of a refused body is not read.
        if (!request.raw.complete) void reply.header('Connection', 'close')
        void reply
          .code(tusError.status)
          .type('text/plain; charset=utf-8')
          .send(request.method === 'HEAD' ? undefined : tusError.body)
      }
    }

  const options = async (request: FastifyRequest, reply: FastifyReply) => {
    corsHeaders(request, reply, deps.ctx.corsOrigin)
    void reply
      .code(204)
      .headers({
        'Tus-Resumable': TUS_RESUMABLE,
        'Tus-Version': TUS_VERSION,
        'Tus-Extension': TUS_EXTENSIONS,
        'Tus-Max-Size': String(globalLimit),
        'Access-Control-Allow-Methods': TUS_METHODS,
        'Access-Control-Allow-Headers': [...TUS_HEADERS, ...EXTRA_ALLOWED_HEADERS].join(', '),
        'Access-Control-Max-Age': TUS_MAX_AGE,
      })
      .send()
  }

  const create = (signed: boolean) =>
    tus(signed, async (request, reply, callerWriter) => {
      if (header(request, 'upload-concat') !== undefined) throw TUS_ERRORS.concatenation()
      const length = header(request, 'upload-length')
      const deferred = header(request, 'upload-defer-length')
      if ((length === undefined) === (deferred === undefined)) throw TUS_ERRORS.invalidLength()
      const metadataHeader = header(request, 'upload-metadata')
      const metadata: Metadata = metadataHeader === undefined ? {} : parseMetadata(metadataHeader)
      const bucket = mustBeValidBucketName(metadata.bucketName ?? '')
      const key = mustBeValidKey(metadata.objectName ?? '')
      const writer = callerWriter ?? (await writerOf(request, true, { bucket, key }))!
      const id: UploadId = { bucket, key, version: randomUUID() }
      const found = await authorizeWrite(
        deps,
        request,
        targetOf(id, writer, OPERATIONS.create),
        writer.caller
      )
      const limit = effectiveLimit(globalLimit, found.file_size_limit)
      const size = length === undefined ? null : Number(length)
      if (size !== null && size > limit) throw TUS_ERRORS.maxSizeExceeded()
      if (metadata.contentType)
        mustBeAllowedMimeType(metadata.contentType, found.allowed_mime_types)
      metadata.cacheControl = cacheControlOf(metadata.cacheControl)
      const now = Date.now()
      const info: UploadInfo = {
        ...id,
        size,
        offset: 0,
        metadata,
        owner: writer.owner,
        upsert: writer.upsert,
        createdAt: now,
        expiresAt: now + store.expiryMs,
        completed: false,
      }
      await store.create(info)
      const headers: Record<string, string> = { Location: locationOf(request, signed, id) }
      if (header(request, 'content-type') === OFFSET_CONTENT_TYPE) {
        const release = await store.lock(id.version, () => request.raw.destroy())
        try {
          headers['Upload-Offset'] = String(await receive(request, info, limit))
        } finally {
          release()
        }
      }
      if (info.size === info.offset) {
        await finish(request, info, writer)
        headers['Tus-Complete'] = '1'
      } else {
        headers['Upload-Expires'] = new Date(info.expiresAt).toUTCString()
      }
      void reply.code(201).headers(headers).send()
    })

  /** The upload a URL names, held by this request until `release`; 404 or 410 when gone. */
  const held = async (request: FastifyRequest, id: UploadId) => {
    const release = await store.lock(id.version, () => request.raw.destroy())
    try {
      const info = await store.read(id.bucket, id.key, id.version)
      if (!info) throw TUS_ERRORS.notFound()
      if (!info.completed && store.isExpired(info)) throw TUS_ERRORS.gone()
      return { info, release }
    } catch (error) {
      release()
      throw error
    }
  }

  const head = (signed: boolean) =>
    tus(signed, async (request, reply, callerWriter) => {
      const id = idOf(request)
      if (!callerWriter) await writerOf(request, true, id)
      const { info, release } = await held(request, id)
      release()
      const headers: Record<string, string> = {
        'Upload-Offset': String(info.offset),
        'Cache-Control': 'no-store',
      }
      if (info.size === null) headers['Upload-Defer-Length'] = '1'
      else headers['Upload-Length'] = String(info.size)
      const metadata = stringifyMetadata(info.metadata)
      if (metadata) headers['Upload-Metadata'] = metadata
      void reply.code(200).headers(headers).send()
    })

  const patch = (signed: boolean) =>
    tus(signed, async (request, reply, callerWriter) => {
      const id = idOf(request)
      const offsetHeader = header(request, 'upload-offset')
      if (offsetHeader === undefined) throw TUS_ERRORS.missingOffset()
      if (header(request, 'content-type') === undefined) throw TUS_ERRORS.invalidContentType()
      const writer = callerWriter ?? (await writerOf(request, true, id))!
      // The writer's right is tried on every PATCH, as Storage does, while the body arrives (as
      // a simple upload's is); nothing is acknowledged before it holds, and its refusal is the
      // answer even when something else is wrong too (Storage tries it before anything else).
      const allowed = authorizeWrite(
        deps,
        request,
        targetOf(id, writer, OPERATIONS.part),
        writer.caller
      )
      allowed.catch(() => undefined)
      // Let the check's queries go out before the body's reads hold the event loop.
      await new Promise((resolve) => setImmediate(resolve))
      const { info, release } = await held(request, id).catch(async (error: unknown) => {
        await allowed
        throw error
      })
      try {
        if (info.offset !== Number(offsetHeader)) throw TUS_ERRORS.offsetConflict()
        const declared = header(request, 'upload-length')
        const length = Number(header(request, 'content-length') ?? NaN)
        // The bucket's limit bounds a deferred length; and the PATCH that may complete the upload
        // writes only once the check held, so a restart never finishes an upload it refused.
        const mayComplete =
          info.size === null || !(length < info.size - info.offset) || declared !== undefined
        const limit = mayComplete
          ? effectiveLimit(globalLimit, (await allowed).file_size_limit)
          : globalLimit
        if (declared !== undefined) {
          const size = Number(declared)
          if (info.size !== null || size < info.offset) throw TUS_ERRORS.invalidLength()
          if (size > limit) throw TUS_ERRORS.maxSizeExceeded()
          info.size = size
          await store.save(info)
        }
        if (!info.completed) await receive(request, info, limit, allowed)
        else await allowed
      } catch (error) {
        await allowed
        throw error
      } finally {
        release()
      }
      const headers: Record<string, string> = { 'Upload-Offset': String(info.offset) }
      if (info.size === info.offset && !info.completed) {
        await finish(request, info, writer)
        headers['Tus-Complete'] = '1'
      } else if (!info.completed) {
        headers['Upload-Expires'] = new Date(info.expiresAt).toUTCString()
      }
      void reply.code(204).headers(headers).send()
    })

  const terminate = (signed: boolean) =>
    tus(signed, async (request, reply, callerWriter) => {
      const id = idOf(request)
      const writer = callerWriter ?? (await writerOf(request, true, id))!
      await authorizeWrite(deps, request, targetOf(id, writer, OPERATIONS.delete), writer.caller)
      const { info, release } = await held(request, id)
      try {
        if (info.completed) throw TUS_ERRORS.invalidTermination()
        await store.remove(info.version)
      } finally {
        release()
      }
      void reply.code(204).send()
    })

  /** Appends the request's body to the upload, within the upload's length and the limit. */
  const receive = async (
    request: FastifyRequest,
    info: UploadInfo,
    limit: number,
    allowed?: Promise<unknown>
  ) => {
    const room = (info.size ?? limit) - info.offset
    const declared = Number(header(request, 'content-length') ?? NaN)
    if (Number.isFinite(declared) && declared > room) throw TUS_ERRORS.sizeExceeded()
    const source = (request.body as Readable | undefined) ?? request.raw
    return store.append(info, source, room, allowed)
  }

  /**
   * The last byte is in: the caller's right to write is tried once more, then the bytes become
   * the object through the simple upload's own path (the row, then the file put in place).
   */
  const finish = async (request: FastifyRequest | null, info: UploadInfo, writer: Writer) => {
    const target: UploadTarget = {
      bucket: info.bucket,
      key: info.key,
      upsert: writer.upsert,
      owner: writer.owner,
      operation: OPERATIONS.part,
    }
    if (request) await authorizeWrite(deps, request, target, writer.caller)
    await completeUpload(deps, store, request, info, target, writer.caller)
  }

  const prefix = TUS_PATH
  for (const [base, signed] of [
    [prefix, false],
    [`${prefix}${SIGNED_SUFFIX}`, true],
  ] as const) {
    app.options(base, options)
    app.options(`${base}/*`, options)
    app.post(base, create(signed))
    app.post(`${base}/`, create(signed))
    app.head(`${base}/*`, head(signed))
    app.patch(`${base}/*`, patch(signed))
    app.delete(`${base}/*`, terminate(signed))
  }
}

/** Hands a complete upload's bytes to Storage's disk and writes its row (storeObject). */
export async function completeUpload(
  deps: StorageDeps,
  store: ResumableStore,
  request: FastifyRequest | null,
  info: UploadInfo,
  target: UploadTarget,
  caller: StorageCaller | null
): Promise<void> {
  const md5 = await store.md5(info)
  await store.linkTo(info, deps.disk.tempPath(info.version))
  let userMetadata: Record<string, unknown> | null = null
  if (info.metadata.metadata) {
    try {
      const parsed: unknown = JSON.parse(info.metadata.metadata)
      if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) {
        userMetadata = parsed as Record<string, unknown>
      }
    } catch {
      // Storage ignores metadata that is not JSON
    }
  }
  await storeObject(deps, request, target, caller, {
    received: { version: info.version, size: info.offset, md5 },
    mimetype: info.metadata.contentType || 'application/octet-stream',
    cacheControl: info.metadata.cacheControl || 'no-cache',
    contentEncoding: null,
    userMetadata,
  })
  await store.complete(info)
}

/** The upload's URL, on the host the client called, under the signed prefix when signed. */
function locationOf(request: FastifyRequest, signed: boolean, id: UploadId): string {
  const proto = header(request, 'x-forwarded-proto') ?? 'http'
  const host = header(request, 'x-forwarded-host') ?? header(request, 'host') ?? 'localhost'
  const base = `/storage/v1${TUS_PATH}${signed ? SIGNED_SUFFIX : ''}`
  return `${proto}://${host}${base}/${encodeUploadId(id)}`
}

function idOf(request: FastifyRequest): UploadId {
  const segment = (request.params as { '*'?: string })['*'] ?? ''
  if (segment.includes('/')) throw TUS_ERRORS.notFound()
  return decodeUploadId(segment)
}

/** The caller's origin, as tus-node-server answers, unless `serve` allows its own origin only. */
function corsHeaders(request: FastifyRequest, reply: FastifyReply, allowed: string): void {
  void reply.headers({
    'Access-Control-Allow-Origin': allowed === '*' ? (header(request, 'origin') ?? '*') : allowed,
    'Access-Control-Expose-Headers': TUS_HEADERS.join(', '),
  })
}

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name]
  return Array.isArray(value) ? value[0] : value
}
