// A return visit: a body with markup whose tree this device kept is shown formatted at once,
// without the parser's chunk (kept-trees.ts). A file of its own: the parser is never loaded here.
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, render } from '@testing-library/react'
import { activateCache, writeCachedValue } from '../../../lib/offline-cache.ts'
import { loadMarkdownForKept, markdownState } from './load.ts'
import { MessageBody } from './MessageBody.tsx'
import type { Block } from './tree.ts'

afterEach(cleanup)

const resolve = () => null

describe('MessageBody with a kept tree', () => {
  it('shows the kept formatting before the parser is loaded, and does not fetch it', () => {
    activateCache('ana')
    const tree: Block[] = [
      {
        type: 'paragraph',
        children: [{ type: 'strong', children: [{ type: 'text', text: 'done' }] }],
      },
    ]
    writeCachedValue('ana', 'trees', { parser: __CHORUS_PARSER__, trees: [['**done**', tree]] })
    loadMarkdownForKept('ana', null)
    const kept = render(<MessageBody body="**done**" resolveMention={resolve} />)
    const body = kept.container.querySelector<HTMLElement>('.message-body')!
    expect(body.style.visibility).toBe('')
    expect(body.querySelector('strong')?.textContent).toBe('done')
    // A body it did not keep still waits for the parser, hidden.
    const other = render(<MessageBody body="**other**" resolveMention={resolve} />)
    expect(other.container.querySelector<HTMLElement>('.message-body')!.style.visibility).toBe(
      'hidden'
    )
    expect(markdownState()).toBe('loading')
  })
})
