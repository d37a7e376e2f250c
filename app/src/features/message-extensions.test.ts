import { describe, expect, it } from 'vitest'
import { messageFeatures } from './message-extensions.ts'

describe('the extension slot, filled from the feature folders', () => {
  it("finds every feature's message-extension.tsx, in their order", () => {
    const ids = messageFeatures.map((f) => f.id)
    expect(ids.slice(0, 4)).toEqual(['pins', 'saved', 'threads', 'unread'])
    const orders = messageFeatures.map((f) => f.order)
    expect(orders).toEqual([...orders].sort((a, b) => a - b))
    expect(new Set(ids).size).toBe(ids.length)
  })

  it('gives each feature at least one hook', () => {
    for (const f of messageFeatures) {
      expect(Boolean(f.useChannel ?? f.useConversation), f.id).toBe(true)
    }
    expect(messageFeatures.find((f) => f.id === 'unread')?.useConversation).toBeTypeOf('function')
    expect(messageFeatures.find((f) => f.id === 'threads')?.useChannel).toBeTypeOf('function')
  })
})
