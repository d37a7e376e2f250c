import { describe, expect, it } from 'vitest'
import { memoryStore } from '../../../lib/local-store.ts'
import {
  REMINDER_LATE_MS,
  readAlerted,
  reminderKey,
  rememberAlerted,
  remindersDue,
} from './reminders-due.ts'

const NOW = new Date('2026-11-25T12:00:00Z')
const at = (ms: number) => new Date(NOW.getTime() + ms).toISOString()

describe('remindersDue', () => {
  it('has the due ones not alerted yet, oldest first, and the next one to come', () => {
    const entries = [
      { messageId: 'a', remindAt: at(-1000), doneAt: null },
      { messageId: 'b', remindAt: at(-60_000), doneAt: null },
      { messageId: 'c', remindAt: at(5000), doneAt: null },
      { messageId: 'd', remindAt: at(3000), doneAt: null },
      { messageId: 'e', remindAt: null, doneAt: null },
    ]
    const r = remindersDue(entries, new Set(), NOW)
    expect(r.due.map((d) => d.messageId)).toEqual(['b', 'a'])
    expect(r.next?.toISOString()).toBe(at(3000))
    const after = remindersDue(entries, new Set([reminderKey('b', at(-60_000))]), NOW)
    expect(after.due.map((d) => d.messageId)).toEqual(['a'])
  })

  it('skips done ones and ones due too long ago; nothing to come is null', () => {
    const entries = [
      { messageId: 'done', remindAt: at(-1000), doneAt: at(-500) },
      { messageId: 'old', remindAt: at(-REMINDER_LATE_MS - 1), doneAt: null },
      { messageId: 'edge', remindAt: at(-REMINDER_LATE_MS), doneAt: null },
      { messageId: 'later-done', remindAt: at(1000), doneAt: at(-1) },
    ]
    const r = remindersDue(entries, new Set(), NOW)
    expect(r.due.map((d) => d.messageId)).toEqual(['edge'])
    expect(r.next).toBeNull()
  })

  it('alerts again for the same message at another time', () => {
    expect(reminderKey('m', at(0))).not.toBe(reminderKey('m', at(1000)))
    expect(reminderKey('m', '2026-11-25T12:00:00+00:00')).toBe(reminderKey('m', at(0)))
  })
})

describe('the alerted reminders', () => {
  it('are kept per person under a key without their id, old ones dropped', () => {
    const store = memoryStore()
    const keys: string[] = []
    const spy = { ...store, setItem: (k: string, v: string) => (keys.push(k), store.setItem(k, v)) }
    rememberAlerted('person-1', reminderKey('old', at(-REMINDER_LATE_MS - 1)), NOW, spy)
    rememberAlerted('person-1', reminderKey('new', at(-1)), NOW, spy)
    expect([...readAlerted('person-1', spy)]).toEqual([reminderKey('new', at(-1))])
    expect(readAlerted('person-2', spy).size).toBe(0)
    expect(keys.every((k) => k.startsWith('chorus.reminded.v1.') && !k.includes('person'))).toBe(
      true
    )
  })
})
