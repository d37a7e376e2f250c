// The message slot with features in it (pins, saved for later): a message's actions in order.
import { describe, expect, it, vi } from 'vitest'
import { chatMessage } from '../slots/chat-message.test-support.ts'
import type { ChatMessage } from '../slots/message.ts'
import { actionsFor } from './messages/actions.ts'
import type { RowCapabilities } from './messages/actions.ts'
import type { MessageExtension } from '../slots/message.ts'
import { pinActions, pinMarkers } from './pins/PinsSlot.tsx'
import { saveActions, savedMarkers } from './saved/message-extension.tsx'

function message(extra: Partial<ChatMessage> = {}): ChatMessage {
  return chatMessage({ authorId: 'me', body: 'lunch?', thread: null, ...extra })
}

function capabilities(extra: Partial<RowCapabilities> = {}): RowCapabilities {
  return {
    me: 'me',
    readOnly: false,
    canDelete: true,
    copied: false,
    extensions: [],
    commands: {
      react: vi.fn(),
      copyLink: vi.fn(),
      showHistory: vi.fn(),
      startEdit: vi.fn(),
      delete: vi.fn(),
    },
    ...extra,
  }
}

const ids = (m: ChatMessage, c: RowCapabilities) => actionsFor(m, c).map((a) => a.id)

describe('actionsFor', () => {
  it('offers my own message every core action, in order, each running its command', () => {
    const caps = capabilities()
    const actions = actionsFor(message({ editedAt: '2026-01-10T09:05:00Z' }), caps)
    expect(actions.map((a) => a.id)).toEqual(['react', 'copy-link', 'history', 'edit', 'delete'])
    expect(actions.filter((a) => a.inToolbar).map((a) => a.id)).toEqual([
      'react',
      'copy-link',
      'edit',
      'delete',
    ])
    for (const a of actions) a.run()
    const c = caps.commands
    for (const fn of [c.react, c.copyLink, c.showHistory]) {
      expect(fn).toHaveBeenCalledOnce()
    }
    expect(c.startEdit).toHaveBeenCalledOnce()
    expect(c.delete).toHaveBeenCalledOnce()
    expect(actions.find((a) => a.id === 'delete')?.danger).toBe(true)
  })

  it("does not let me edit someone else's message, nor delete it unless allowed (an admin)", () => {
    const other = message({ authorId: 'ann' })
    expect(ids(other, capabilities({ canDelete: false }))).toEqual(['react', 'copy-link'])
    expect(ids(other, capabilities({ canDelete: true }))).toContain('delete')
    expect(ids(other, capabilities({ canDelete: true }))).not.toContain('edit')
  })

  it('offers nothing on a deleted message', () => {
    expect(actionsFor(message({ deletedAt: '2026-01-10T10:00:00Z' }), capabilities())).toEqual([])
  })

  it('read-only (an archived channel): only the link and what does not change the message', () => {
    expect(ids(message(), capabilities({ readOnly: true }))).toEqual(['copy-link'])
  })

  it("tells the features' actions where the row is and what it allows", () => {
    const seen = vi.fn(() => [])
    const extensions: MessageExtension[] = [{ id: 'x', actions: seen }]
    actionsFor(message(), capabilities({ extensions, readOnly: true, place: 'thread' }))
    expect(seen).toHaveBeenCalledWith(
      expect.objectContaining({ id: 'm1' }),
      expect.objectContaining({ me: 'me', readOnly: true, place: 'thread' })
    )
    // None on a deleted message, whatever the features say.
    seen.mockClear()
    actionsFor(message({ deletedAt: '2026-01-10T10:00:00Z' }), capabilities({ extensions }))
    expect(seen).not.toHaveBeenCalled()
  })

  it('says the link was copied', () => {
    const copy = actionsFor(message(), capabilities({ copied: true })).find(
      (a) => a.id === 'copy-link'
    )
    expect(copy?.label).toBe('Link copied')
  })

  it("puts the features' actions among the core's by their order", () => {
    const toggle = vi.fn()
    const open = vi.fn()
    const extensions: MessageExtension[] = [
      { id: 'pins', actions: pinActions(new Map(), toggle, false) },
      { id: 'saved', actions: saveActions(new Map(), open, vi.fn()) },
    ]
    const actions = actionsFor(message(), capabilities({ extensions }))
    expect(actions.map((a) => a.id)).toEqual([
      'react',
      'copy-link',
      'pin',
      'save',
      'edit',
      'delete',
    ])
    actions.find((a) => a.id === 'pin')?.run()
    expect(toggle).toHaveBeenCalledWith('m1', true)
    actions.find((a) => a.id === 'save')?.run()
    expect(open).toHaveBeenCalledWith('m1')
  })
})

describe('pins in the extension slot', () => {
  const pinned = new Map([['m1', 'bob']])
  it('pins anyone’s message; unpins only for who pinned it, the author or an admin', () => {
    const others = message({ authorId: 'ann' })
    const caps = capabilities()
    expect(pinActions(new Map(), vi.fn(), false)(others, caps)[0]?.label).toBe('Pin to channel')
    // Pinned by Bob, written by Ann: not mine to unpin.
    expect(pinActions(pinned, vi.fn(), false)(others, caps)).toEqual([])
    const asAdmin = pinActions(pinned, vi.fn(), true)(others, caps)
    expect(asAdmin.map((a) => [a.label, a.icon])).toEqual([['Unpin from channel', 'pin-off']])
    // My own message, pinned by Bob.
    expect(pinActions(pinned, vi.fn(), false)(message(), caps)).toHaveLength(1)
    expect(pinActions(new Map([['m1', 'me']]), vi.fn(), false)(others, caps)).toHaveLength(1)
  })

  it('offers nothing read-only, and marks a pinned message', () => {
    expect(
      pinActions(new Map(), vi.fn(), true)(message(), capabilities({ readOnly: true }))
    ).toEqual([])
    expect(pinMarkers(pinned)(message()).map((m) => m.label)).toEqual(['Pinned'])
    expect(pinMarkers(pinned)(message({ id: 'm2' }))).toEqual([])
  })
})

describe('saved in the extension slot', () => {
  it('saves in one click from the hover bar, even read-only; a saved one is removed or reminded', () => {
    const saved = new Map([['m1', {}]])
    const toggle = vi.fn()
    const chooseTime = vi.fn()
    const onSaved = saveActions(saved, toggle, chooseTime)(message())
    expect(onSaved.map((a) => [a.label, a.icon, a.inToolbar ?? false])).toEqual([
      ['Remove from Later', 'bookmark-check', true],
      ['Change reminder…', 'alarm-clock', false],
    ])
    onSaved[1]?.run()
    expect(chooseTime).toHaveBeenCalledWith('m1')
    const unsaved = saveActions(new Map(), toggle, chooseTime)(message())
    expect(unsaved.map((a) => [a.label, a.inToolbar])).toEqual([['Save for later', true]])
    unsaved[0]?.run()
    expect(toggle).toHaveBeenCalledWith('m1')
    expect(
      actionsFor(
        message(),
        capabilities({
          readOnly: true,
          extensions: [{ id: 's', actions: saveActions(saved, vi.fn(), vi.fn()) }],
        })
      ).map((a) => a.id)
    ).toEqual(['copy-link', 'save', 'save-reminder'])
    expect(savedMarkers(saved)(message()).map((m) => m.label)).toEqual(['Saved for later'])
  })
})
