import { describe, expect, it } from 'vitest'
import { memoryStore } from '../../../lib/local-store.ts'
import {
  draftMessageId,
  draftMessageKey,
  forgetDraftMessageId,
  isDraftUpload,
  keepDraftMessageId,
} from './draft-message.ts'

const KEPT = '0b7c2a1e-5f0d-4c1e-9a7b-3d2e1f0a9b8c'

describe("the draft's message id", () => {
  it('is new until kept, then the same one after a reload, until it is forgotten', () => {
    const store = memoryStore()
    const first = draftMessageId('c1', store)
    expect(first).toMatch(/^[0-9a-f-]{36}$/)
    expect(draftMessageId('c1', store)).not.toBe(first)
    keepDraftMessageId('c1', KEPT, store)
    expect(store.getItem(draftMessageKey('c1'))).toBe(KEPT)
    expect(draftMessageId('c1', store)).toBe(KEPT)
    expect(draftMessageId('c2', store)).not.toBe(KEPT)
    forgetDraftMessageId('c1', store)
    expect(draftMessageId('c1', store)).not.toBe(KEPT)
  })

  it('ignores a kept value that is not a uuid', () => {
    const store = memoryStore()
    store.setItem(draftMessageKey('c1'), '../../other-folder')
    expect(draftMessageId('c1', store)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4/)
  })
})

describe('which remembered upload is this file', () => {
  const path = 'w/c/m1/new-id-video.mp4'

  it('the same path, or another name in the same message folder not attached already', () => {
    expect(isDraftUpload(path, path, new Set([path]))).toBe(true)
    expect(isDraftUpload(path, 'w/c/m1/old-id-video.mp4', new Set([path]))).toBe(true)
    expect(
      isDraftUpload(path, 'w/c/m1/old-id-video.mp4', new Set(['w/c/m1/old-id-video.mp4']))
    ).toBe(false)
  })

  it("never another message's upload of the same file, nor one in a subfolder", () => {
    expect(isDraftUpload(path, 'w/c/m2/old-id-video.mp4', new Set())).toBe(false)
    expect(isDraftUpload(path, 'w/c/m1/sub/video.mp4', new Set())).toBe(false)
    expect(isDraftUpload(path, 'w/c/m1/', new Set())).toBe(false)
    expect(isDraftUpload('video.mp4', 'video.mp4.other', new Set())).toBe(false)
  })
})
