import { describe, expect, it } from 'vitest'
import type { ChatMessage } from '../messages/conversation/types.ts'
import type { AppPost } from './data/app-post.ts'
import { appMarkers } from './message-extension.ts'

const message = (id: string, authorId: string): ChatMessage => ({
  id,
  channelId: 'c',
  seq: 1,
  authorId,
  body: 'hi',
  createdAt: '2026-11-30T10:00:00Z',
  editedAt: null,
  deletedAt: null,
  reactions: [],
  attachments: [],
})

const posts = new Map<string, AppPost>([
  ['m1', { messageId: 'm1', appName: 'CI Builds', username: 'ghost-bot' }],
  ['m2', { messageId: 'm2', appName: 'Deploys', username: null }],
])

describe('appMarkers', () => {
  it("marks an integration's message APP, naming the post's name and the app", () => {
    const unknown: string[] = []
    const markers = appMarkers(posts, () => unknown.push('asked'))
    expect(markers(message('m1', ''))).toEqual([
      expect.objectContaining({ id: 'app', label: 'APP · via CI Builds', author: 'ghost-bot' }),
    ])
    expect(markers(message('m2', ''))).toEqual([
      expect.objectContaining({ label: 'APP', author: 'Deploys' }),
    ])
    expect(unknown).toEqual([])
  })

  it("never marks a person's message, even one an app row names", () => {
    const markers = appMarkers(posts, () => {
      throw new Error('not asked for a person')
    })
    expect(markers(message('m1', 'user-1'))).toEqual([])
  })

  it('asks for the app data when a message without an author is not known yet', () => {
    let asked = 0
    expect(appMarkers(new Map(), () => asked++)(message('m3', ''))).toEqual([])
    expect(asked).toBe(1)
  })
})
