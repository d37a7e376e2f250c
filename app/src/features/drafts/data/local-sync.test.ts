import { afterEach, describe, expect, it } from 'vitest'
import { pendingEdits, readSync, textHash, writeSync } from './local-sync.ts'

const channel = '11111111-2222-4333-8444-555555555555'
const parent = '66666666-7777-4888-8999-aaaaaaaaaaaa'

afterEach(() => localStorage.clear())

describe("this device's drafts not yet on my account", () => {
  it("lists the pending edits of channels' and threads' boxes with their text", () => {
    localStorage.setItem(`chorus.draft.v1.${channel}`, 'in the channel')
    writeSync(channel, { editedAt: 5, pending: true })
    localStorage.setItem(`chorus.draft.v1.${channel}.thread.${parent}`, 'in the thread')
    writeSync(`${channel}.thread.${parent}`, { editedAt: 7, pending: true })
    // saved already, and the id of a message being written: not edits to save
    writeSync('99999999-2222-4333-8444-555555555555', { editedAt: 1, pending: false })
    localStorage.setItem(`chorus.draft.v1.${channel}.message-id`, parent)
    const edits = pendingEdits().sort((a, b) => a.state.editedAt - b.state.editedAt)
    expect(edits).toEqual([
      {
        box: channel,
        channelId: channel,
        parentId: null,
        text: 'in the channel',
        state: { editedAt: 5, pending: true },
      },
      {
        box: `${channel}.thread.${parent}`,
        channelId: channel,
        parentId: parent,
        text: 'in the thread',
        state: { editedAt: 7, pending: true },
      },
    ])
  })

  it('reads a damaged state as none', () => {
    localStorage.setItem(`chorus.draft.v1.${channel}.sync`, '{not json')
    expect(readSync(channel)).toBeNull()
    localStorage.setItem(`chorus.draft.v1.${channel}.sync`, '{"pending":true}')
    expect(readSync(channel)).toBeNull()
    expect(pendingEdits()).toEqual([])
  })
})

describe("a text's fingerprint", () => {
  it('tells texts apart and keeps the state it is saved with', () => {
    expect(textHash('')).not.toBe(textHash('a'))
    expect(textHash('plan for the launch')).toBe(textHash('plan for the launch'))
    expect(textHash('plan for the launch')).not.toBe(textHash('plan for the lunch'))
    writeSync(channel, { editedAt: 3, pending: false, hash: textHash('x') })
    expect(readSync(channel)).toEqual({ editedAt: 3, pending: false, hash: textHash('x') })
  })
})
