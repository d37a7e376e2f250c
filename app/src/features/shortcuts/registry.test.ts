// The shortcuts list is complete: every key the app's keyboard handlers compare (an event's
// `key` against a name, a message action's `key`, an aria-keyshortcuts) is in the registry the
// list shows. A new shortcut missing from registry.ts fails here, naming the key and its file.
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { keyParts, registeredKeys, SHORTCUTS } from './registry.ts'

const SRC = path.resolve(import.meta.dirname, '../..')

/** Named keys as KeyboardEvent.key spells them. */
const NAMED_KEY =
  /['"`](Arrow(?:Up|Down|Left|Right)|Home|End|PageUp|PageDown|Enter|Escape|Tab|Delete|Backspace)['"`]|\b(Arrow(?:Up|Down|Left|Right)|PageUp|PageDown)\s*:/g
/** A key compared by value: `key === 'k'`, `e.key !== '/'`, `key: 't'` (a message action's). */
const COMPARED_KEY = /\bkey\s*(?:===|!==|:)\s*'([^']{1,2})'/g
const ARIA_KEYS = /aria-keyshortcuts="([^"]+)"/g

function sources(): string[] {
  return readdirSync(SRC, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f))
    .map((f) => path.join(SRC, f))
}

/** The keys a file's keyboard handling uses (only files that handle keys at all). */
export function keysIn(code: string): string[] {
  if (!/onKeyDown|'keydown'|KeyboardEvent|key:\s*'/.test(code)) return []
  const keys: string[] = []
  for (const m of code.matchAll(NAMED_KEY)) keys.push(m[1] ?? m[2] ?? '')
  for (const m of code.matchAll(COMPARED_KEY)) keys.push(m[1] ?? '')
  for (const m of code.matchAll(ARIA_KEYS))
    for (const combo of (m[1] ?? '').split(' ')) keys.push(...combo.split(/\+(?!$)/))
  return keys
}

describe('the shortcuts registry', () => {
  it('names every key the app handles', () => {
    const known = registeredKeys()
    const missing: string[] = []
    for (const file of sources()) {
      for (const key of keysIn(readFileSync(file, 'utf8'))) {
        if (!known.has(key.toLowerCase())) missing.push(`${key} (${path.relative(SRC, file)})`)
      }
    }
    expect(missing).toEqual([])
  })

  it('finds the keys of a handler, so a new shortcut cannot hide from it', () => {
    const handler = `window.addEventListener('keydown', (e: KeyboardEvent) => {
      if (e.key === 'p' && e.altKey) pin(); else if (e.key === 'PageDown') next() })`
    expect(keysIn(handler)).toEqual(['PageDown', 'p'])
    expect(keysIn(`actions.push({ id: 'x', key: 'm', run })`)).toEqual(['m'])
    expect(keysIn(`<button aria-keyshortcuts="Control+Shift+S" onKeyDown={f} />`)).toEqual([
      'Control',
      'Shift',
      'S',
    ])
    // not a keyboard file: a select's option keys are not keys
    expect(keysIn(`if (key === 'other') return setTyping(true)`)).toEqual([])
  })

  it('shows keys the way people read them', () => {
    expect(keyParts('Control+K')).toEqual(['Ctrl', 'K'])
    expect(keyParts('Alt+ArrowUp')).toEqual(['Alt', '↑'])
    expect(keyParts('Control+/')).toEqual(['Ctrl', '/'])
    expect(keyParts('e')).toEqual(['E'])
    expect(SHORTCUTS.every((g) => g.shortcuts.length > 0)).toBe(true)
  })
})
