import { describe, expect, it } from 'vitest'
import { memberName } from './member-name.ts'

const members = [
  { userId: 'u-ana', displayName: 'Ana Lima' },
  { userId: 'u-bo', displayName: 'Bo Chen' },
]

describe('memberName', () => {
  it("gives a member's name by user id", () => {
    expect(memberName(members, 'u-bo')).toBe('Bo Chen')
  })

  it('says "Former member" for one who left, and for no one', () => {
    expect(memberName(members, 'u-gone')).toBe('Former member')
    expect(memberName(members, null)).toBe('Former member')
  })
})
