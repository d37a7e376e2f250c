import { describe, expect, it } from 'vitest'
import { decide, TYPING_MS } from './sync-rule.ts'

const now = 1_000_000
const idle = { focused: false, typedAt: 0 }

describe('the rule for a box on several devices: the edit made last wins', () => {
  it('saves an edit of this device first (the server keeps it only if it is the newer)', () => {
    expect(
      decide(
        { text: 'mine', editedAt: now - 10, pending: true },
        { body: 'b', editedAt: now },
        idle,
        now
      )
    ).toEqual({ kind: 'save' })
  })

  it('takes a newer draft from another device into a box I am not typing in', () => {
    expect(
      decide(
        { text: 'old', editedAt: now - 10, pending: false },
        { body: 'new', editedAt: now - 5 },
        idle,
        now
      )
    ).toEqual({ kind: 'take', text: 'new', editedAt: now - 5 })
    // focused, but not typed in a while: still taken
    expect(
      decide(
        { text: 'old', editedAt: now - 10, pending: false },
        { body: 'new', editedAt: now - 5 },
        { focused: true, typedAt: now - TYPING_MS - 1 },
        now
      ).kind
    ).toBe('take')
  })

  it('never overwrites what I am typing: held until the typing pauses', () => {
    expect(
      decide(
        { text: 'typing', editedAt: now - 10_000, pending: false },
        { body: 'other', editedAt: now - 5 },
        { focused: true, typedAt: now - 1000 },
        now
      )
    ).toEqual({ kind: 'hold', retryIn: TYPING_MS - 1000 })
  })

  it('keeps this device text when it is as new as the account one or newer', () => {
    expect(
      decide(
        { text: 'mine', editedAt: now, pending: false },
        { body: 'older', editedAt: now - 1 },
        idle,
        now
      )
    ).toEqual({ kind: 'keep' })
  })

  it('empties a box emptied on another device later', () => {
    expect(
      decide(
        { text: 'sent already', editedAt: now - 9, pending: false },
        { body: '', editedAt: now - 1 },
        idle,
        now
      )
    ).toEqual({ kind: 'take', text: '', editedAt: now - 1 })
  })

  it('puts a draft kept on the device before drafts were synced on the account', () => {
    expect(
      decide({ text: 'from before', editedAt: null, pending: false }, null, idle, now)
    ).toEqual({
      kind: 'save',
    })
    expect(decide({ text: '', editedAt: null, pending: false }, null, idle, now)).toEqual({
      kind: 'keep',
    })
    expect(decide({ text: 'synced once', editedAt: now, pending: false }, null, idle, now)).toEqual(
      {
        kind: 'keep',
      }
    )
  })
})
