import { describe, expect, it } from 'vitest'
import { inertAround } from './inert-around.ts'

describe('inertAround', () => {
  it('makes all but the kept element and its ancestors inert, and gives it back', () => {
    document.body.innerHTML = `
      <aside id="sidebar"><header><div id="menu"><button id="item"></button></div>
        <button id="beside"></button></header><ul id="lists"></ul></aside>
      <main id="main"></main><div id="already"></div>`
    const already = document.getElementById('already')!
    already.inert = true
    const undo = inertAround(document.getElementById('menu')!)
    const inert = (id: string) => document.getElementById(id)!.inert === true
    expect(['beside', 'lists', 'main', 'already'].map(inert)).toEqual([true, true, true, true])
    expect(['menu', 'item', 'sidebar'].map(inert)).toEqual([false, false, false])
    undo()
    expect(['beside', 'lists', 'main'].map(inert)).toEqual([false, false, false])
    // What was inert before stays so.
    expect(already.inert).toBe(true)
  })
})
