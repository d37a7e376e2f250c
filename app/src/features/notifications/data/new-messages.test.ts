import { afterEach, describe, expect, it } from 'vitest'
import { forgetSummaries, rememberMove } from '../../../lib/message-summaries.ts'
import type { DoNotDisturb } from '../rules.ts'
import { mayAlert } from './new-messages.ts'

const dnd: DoNotDisturb = {
  enabled: false,
  start: '22:00',
  end: '08:00',
  timeZone: 'UTC',
  snoozeUntil: null,
}
const general = { id: 'c1', kind: 'public' as const, level: null, muted: false }

afterEach(forgetSummaries)

describe('mayAlert: the notifier fetches new messages only when one may alert', () => {
  it('a message mentioning nobody, at the mentions level: nothing to fetch', () => {
    rememberMove({ id: 'c1', new_messages: [{ seq: 3, author_id: 'a', mentions: [] }] })
    expect(mayAlert(general, 2, 3, 'me', 'mentions', dnd)).toBe(false)
  })

  it('a mention of me, a direct message or the "all" level: fetched', () => {
    rememberMove({ id: 'c1', new_messages: [{ seq: 3, author_id: 'a', mentions: ['me'] }] })
    expect(mayAlert(general, 2, 3, 'me', 'mentions', dnd)).toBe(true)
    rememberMove({ id: 'c2', new_messages: [{ seq: 1, author_id: 'a', mentions: [] }] })
    expect(mayAlert({ ...general, id: 'c2', kind: 'dm' }, 0, 1, 'me', 'mentions', dnd)).toBe(true)
    expect(mayAlert({ ...general, id: 'c2', level: 'all' }, 0, 1, 'me', 'mentions', dnd)).toBe(true)
  })

  it('my own message never alerts me; a gap or too many mentioned is fetched', () => {
    rememberMove({ id: 'c1', new_messages: [{ seq: 3, author_id: 'me', mentions: ['me'] }] })
    expect(mayAlert(general, 2, 3, 'me', 'all', dnd)).toBe(false)
    expect(mayAlert(general, 1, 3, 'me', 'mentions', dnd)).toBe(true)
    rememberMove({ id: 'c1', new_messages: [{ seq: 4, author_id: 'a', mentions: null }] })
    expect(mayAlert(general, 3, 4, 'me', 'mentions', dnd)).toBe(true)
  })
})
