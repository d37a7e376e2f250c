import { describe, expect, it } from 'vitest'
import { StorageError } from '../errors.ts'
import {
  asTusError,
  cacheControlOf,
  decodeUploadId,
  encodeUploadId,
  invalidHeaders,
  parseMetadata,
  stringifyMetadata,
} from './protocol.ts'

describe('Upload-Metadata', () => {
  it('reads base64 values and keys without values, and writes them back', () => {
    const text = `bucketName ${Buffer.from('files').toString('base64')},flag,objectName ${Buffer.from('a/é.txt').toString('base64')}`
    const metadata = parseMetadata(text)
    expect(metadata).toEqual({ bucketName: 'files', flag: null, objectName: 'a/é.txt' })
    expect(parseMetadata(stringifyMetadata(metadata))).toEqual(metadata)
  })

  it.each(['', 'a b c', 'a !!!!', 'a YQ==,a YQ==', ' '])('refuses %j', (text) => {
    expect(() => parseMetadata(text)).toThrow(/Upload-Metadata is invalid/)
  })
})

describe('headers', () => {
  it('names the invalid ones, the content type only on PATCH', () => {
    expect(
      invalidHeaders('PATCH', {
        'upload-offset': '-1',
        'upload-length': '10',
        'tus-resumable': '0.2.2',
        'content-type': 'text/plain',
      })
    ).toEqual(['upload-offset', 'tus-resumable', 'content-type'])
    expect(
      invalidHeaders('POST', { 'content-type': 'text/plain', 'upload-defer-length': '1' })
    ).toEqual([])
    expect(invalidHeaders('POST', { 'upload-defer-length': '2' })).toEqual(['upload-defer-length'])
  })
})

describe('upload ids', () => {
  it('round-trips bucket, key and version through base64url', () => {
    const id = {
      bucket: 'files',
      key: 'a/b c/d.txt',
      version: '0b7c1f0e-8a7e-4c55-9d1f-3a0d1d2e3f40',
    }
    const text = encodeUploadId(id)
    expect(text).toMatch(/^[A-Za-z0-9_-]+$/)
    expect(Buffer.from(text, 'base64url').toString()).toBe(`files/a/b c/d.txt/${id.version}`)
    expect(decodeUploadId(text)).toEqual(id)
  })

  it.each([
    '',
    'not base64!',
    Buffer.from('files/x').toString('base64url'),
    Buffer.from('files/x/not-a-version').toString('base64url'),
  ])('answers not found for %j', (text) => {
    expect(() => decodeUploadId(text)).toThrow(/was not found/)
  })
})

describe('errors and cache control', () => {
  it("renders Storage's client errors with their status and message, others as the protocol's 500", () => {
    const rls = asTusError(
      new StorageError(403, 'AccessDenied', 'new row violates row-level security policy')
    )
    expect([rls.status, rls.body]).toEqual([403, 'new row violates row-level security policy'])
    expect(asTusError(new Error('boom')).status).toBe(500)
  })

  it('turns seconds into max-age and anything else into no-cache', () => {
    expect(cacheControlOf('3600')).toBe('max-age=3600')
    expect(cacheControlOf(undefined)).toBe('no-cache')
    expect(cacheControlOf('public')).toBe('no-cache')
  })
})
