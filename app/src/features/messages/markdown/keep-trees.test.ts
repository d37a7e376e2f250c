import { afterEach, describe, expect, it } from 'vitest'
import { kept } from './kept-trees.ts'
import './keep-trees.ts'

afterEach(() => {
  kept.trees.clear()
  kept.owner = null
})

describe('the trees this page keeps', () => {
  it('keep only those storage still has once channels are forgotten (lib/lost-channels.ts)', () => {
    kept.owner = 'ana'
    kept.trees.set('secret **one**', [])
    kept.trees.set('open **two**', [])
    const still = new Set(['open **two**'])
    window.dispatchEvent(new CustomEvent('chorus:channels-forgotten', { detail: still }))
    expect([...kept.trees.keys()]).toEqual(['open **two**'])
  })
})
