// What this device has shown read stays read when an answer or an event that left before its
// mark arrives after it (shown-read.ts), until the server confirms it; then the server's word
// counts again, a position moved back by Mark unread included.
import { afterEach, describe, expect, it } from 'vitest'
import { applyMembership } from './channel-live.ts'
import { testChannel } from './channel.test-support.ts'
import { confirmRead, forgetShownReads, keepShownRead, rememberShownRead } from './shown-read.ts'

afterEach(forgetShownReads)

const general = testChannel('general', { lastSeq: 20, lastReadSeq: 20 })

describe('a read position this device has shown', () => {
  it('is not moved back by my membership event sent before the mark', () => {
    rememberShownRead('general', 20)
    // the event of an earlier change of my row (read up to 16 then) comes after the mark left
    const [after] = applyMembership([general], 'UPDATE', {
      channel_id: 'general',
      last_read_seq: 16,
      mention_count: 1,
    })!
    expect(after).toMatchObject({ lastReadSeq: 20, unread: 0, mentions: 0 })
  })

  it('is not moved back by a channel list fetched before the mark', () => {
    rememberShownRead('general', 18)
    const fetched = keepShownRead({ ...general, lastReadSeq: 16, unread: 4, mentions: 1 })
    expect(fetched).toMatchObject({ lastReadSeq: 18, unread: 2, mentions: 1 })
  })

  it('once confirmed, lets the server move it back (Mark unread, here or elsewhere)', () => {
    rememberShownRead('general', 20)
    confirmRead('general', 20)
    const [after] = applyMembership([general], 'UPDATE', {
      channel_id: 'general',
      last_read_seq: 16,
    })!
    expect(after).toMatchObject({ lastReadSeq: 16, unread: 4 })
  })

  it('is confirmed by any answer at or past it', () => {
    rememberShownRead('general', 18)
    expect(keepShownRead({ ...general, lastReadSeq: 19, unread: 1 }).lastReadSeq).toBe(19)
    // confirmed: a later answer below it is the server's word (moved back meanwhile)
    expect(keepShownRead({ ...general, lastReadSeq: 10, unread: 10 }).lastReadSeq).toBe(10)
  })
})
