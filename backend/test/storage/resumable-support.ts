// Helpers of the resumable upload tests: tus-js-client as an app uses it, raw protocol requests,
// and a PATCH whose connection drops part way.
import http from 'node:http'
import { Upload } from 'tus-js-client'
import type { TestStack } from '../support/stack.ts'
import { metadataHeader, resumableEndpoint } from './resumable-requests.ts'

export const SIX_MB = 6 * 1024 * 1024

export interface TusRun {
  url: string
  /** The Upload-Offset of every PATCH the client sent, in order. */
  patchOffsets: number[]
  /** Bytes the server acknowledged from this client's PATCHes. */
  bytesSent: number
}

/** An upload with tus-js-client, as Supabase documents it (6 MB chunks, x-upsert, metadata). */
export function tusUpload(
  stack: TestStack,
  data: Buffer,
  options: {
    token?: string
    signature?: string
    upsert?: boolean
    uploadUrl?: string
    metadata: Record<string, string>
  }
): Promise<TusRun> {
  const patchOffsets: number[] = []
  let bytesSent = 0
  const headers: Record<string, string> = { apikey: stack.anonKey }
  if (options.token) headers.authorization = `Bearer ${options.token}`
  if (options.signature) headers['x-signature'] = options.signature
  if (options.upsert) headers['x-upsert'] = 'true'
  return new Promise<TusRun>((resolve, reject) => {
    const upload = new Upload(data, {
      endpoint: `${stack.url}/storage/v1/upload/resumable${options.signature ? '/sign' : ''}`,
      uploadUrl: options.uploadUrl ?? null,
      retryDelays: [],
      headers,
      chunkSize: SIX_MB,
      uploadDataDuringCreation: false,
      removeFingerprintOnSuccess: true,
      metadata: options.metadata,
      onAfterResponse(request, response) {
        if (request.getMethod() !== 'PATCH' || response.getStatus() !== 204) return
        const from = Number(request.getHeader('Upload-Offset'))
        patchOffsets.push(from)
        bytesSent += Number(response.getHeader('Upload-Offset')) - from
      },
      onError: reject,
      onSuccess: () => resolve({ url: upload.url!, patchOffsets, bytesSent }),
    })
    upload.start()
  })
}

/** One protocol request with its required headers, as the caller (or unauthenticated). */
export function rawTus(
  stack: TestStack,
  url: string,
  init: { method: string; token?: string; headers?: Record<string, string>; body?: Buffer }
): Promise<Response> {
  const headers = new Headers({ 'tus-resumable': '1.0.0', apikey: stack.anonKey, ...init.headers })
  if (init.token) headers.set('authorization', `Bearer ${init.token}`)
  return fetch(url, { method: init.method, headers, body: init.body })
}

/** A raw creation (POST) of an upload of `length` bytes with `metadata`, at the tus endpoint. */
export function createTus(
  stack: TestStack,
  token: string | undefined,
  length: number,
  metadata: Record<string, string>,
  url = resumableEndpoint(stack)
): Promise<Response> {
  return rawTus(stack, url, {
    method: 'POST',
    token,
    headers: { 'upload-length': String(length), 'upload-metadata': metadataHeader(metadata) },
  })
}

export async function headOffset(
  stack: TestStack,
  url: string,
  token?: string,
  signature?: string
): Promise<number> {
  const response = await rawTus(stack, url, {
    method: 'HEAD',
    token,
    headers: signature ? { 'x-signature': signature } : {},
  })
  return Number(response.headers.get('upload-offset'))
}

/** Polls HEAD until the offset satisfies `done` (the server notices a drop asynchronously). */
export async function waitForOffset(
  stack: TestStack,
  url: string,
  token: string,
  done: (offset: number) => boolean
): Promise<number> {
  let offset = -1
  for (let attempt = 0; attempt < 50; attempt++) {
    offset = await headOffset(stack, url, token)
    if (done(offset)) return offset
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  return offset
}

/**
 * A PATCH that announces the whole rest of `data` from `offset`, sends `sendBytes` of it, and
 * then loses its connection (a tunnel): the socket is destroyed with the body unfinished.
 */
export async function dropAfter(
  stack: TestStack,
  url: string,
  token: string,
  offset: number,
  data: Buffer,
  sendBytes: number
): Promise<void> {
  const rest = data.subarray(offset)
  const request = http.request(url, {
    method: 'PATCH',
    headers: {
      'tus-resumable': '1.0.0',
      apikey: stack.anonKey,
      authorization: `Bearer ${token}`,
      'upload-offset': String(offset),
      'content-type': 'application/offset+octet-stream',
      'content-length': String(rest.length),
    },
  })
  request.on('error', () => undefined)
  await new Promise<void>((resolve) => request.write(rest.subarray(0, sendBytes), () => resolve()))
  await new Promise((resolve) => setTimeout(resolve, 300))
  request.destroy()
}
