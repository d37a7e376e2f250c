import { describe, expect, it } from 'vitest'
import { appMarker } from './app-post.ts'

describe('appMarker', () => {
  it("marks an integration's message APP, naming the post's name and the app", () => {
    expect(appMarker({ name: 'CI Builds', username: 'ghost-bot' })).toEqual({
      id: 'app',
      icon: 'link-2',
      label: 'APP · via CI Builds',
      className: 'app-marker',
      author: 'ghost-bot',
    })
  })

  it("names the integration when the post asks for no name (or the integration's own)", () => {
    expect(appMarker({ name: 'Deploys', username: null })).toMatchObject({
      label: 'APP',
      author: 'Deploys',
    })
    expect(appMarker({ name: 'Deploys', username: 'Deploys' })).toMatchObject({ label: 'APP' })
  })
})
