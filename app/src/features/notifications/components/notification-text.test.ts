import { describe, expect, it } from 'vitest'
import { notificationText } from './use-browser-notifications.ts'

describe('notificationText', () => {
  it('shows mentions as @someone and drops markdown marks and runs of space', () => {
    expect(
      notificationText('hi <@0b7f3c8e-2a52-4a4e-9a0b-8f7f0d5c9a11>,\n**look**  at `this`')
    ).toBe('hi @someone, look at this')
  })

  it('cuts a long text at 140 characters and names an empty one', () => {
    const long = notificationText('a'.repeat(300))
    expect(long).toHaveLength(140)
    expect(long.endsWith('…')).toBe(true)
    expect(notificationText('***')).toBe('New message')
  })
})
