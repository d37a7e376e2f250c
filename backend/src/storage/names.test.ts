import { describe, expect, it } from 'vitest'
import { isValidBucketName, isValidKey, isValidPrefix, ownerUuid } from './names.ts'

describe('isValidKey', () => {
  it.each([
    ['folder/file.png', true],
    ["a-b_c.d!e*f'g(h)i j&k$l@m=n;o:p+q,r?s", true],
    ['.emptyFolderPlaceholder', true],
    ['a/.hidden', true],
    ['x'.repeat(1024), true],
    ['', false],
    ['x'.repeat(1025), false],
    ['../x', false],
    ['a/./b', false],
    ['a//b', false],
    ['/abs', false],
    ['trailing/', false],
    ['a\\b', false],
    ['a\u0000b', false],
    ['café', false],
    ['a#b', false],
    ['a%b', false],
    ['a~b', false],
  ])('%j -> %s', (key, valid) => {
    expect(isValidKey(key)).toBe(valid)
  })
})

describe('isValidBucketName', () => {
  it.each([
    ['avatars', true],
    ['my bucket.v2', true],
    ['', false],
    ['.', false],
    ['..', false],
    ['a/b', false],
    [' padded', false],
    ['x'.repeat(101), false],
  ])('%j -> %s', (name, valid) => {
    expect(isValidBucketName(name)).toBe(valid)
  })
})

describe('isValidPrefix', () => {
  it.each([
    ['', true],
    ['folder', true],
    ['folder/', true],
    ['a/b/', true],
    ['x'.repeat(1024), true],
    ['x'.repeat(1025), false],
    ['a\u0000', false],
    ['café/', false],
    ['a#', false],
  ])('%j -> %s', (prefix, valid) => {
    expect(isValidPrefix(prefix)).toBe(valid)
  })
})

describe('ownerUuid', () => {
  it('keeps uuids and drops other subs', () => {
    expect(ownerUuid('6f1c1a3e-2f7e-4b8e-9a35-3b5d3e1f0c2a')).toBe(
      '6f1c1a3e-2f7e-4b8e-9a35-3b5d3e1f0c2a'
    )
    expect(ownerUuid('user_123')).toBeNull()
    expect(ownerUuid(null)).toBeNull()
  })
})
