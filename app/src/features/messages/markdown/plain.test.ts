import { describe, expect, it } from 'vitest'
import { parseMarkdown } from './parse.ts'
import { plainBlocks } from './plain.ts'

describe('plainBlocks', () => {
  it('reads plain text exactly as the markdown parser does', () => {
    const bodies = [
      'hello',
      'Hello, world. How is it going? (fine) 100% $5 = ok; a/b - c + d',
      'one\ntwo\nthree',
      'first paragraph\n\nsecond one\nwith a break',
      'three\n\n\n\nblank lines',
      // (a body with an emoji is left to the parser by MessageBody: its emoji become images)
      'Ça va? 日本語 ok',
      'numbers 1. inside 2) a line',
      'quotes "like" \'these\' and: colons; {braces} ^ carets $ dollars',
      'a - dash, a + plus, an = equals inside',
      'x'.repeat(2000),
    ]
    for (const body of bodies) {
      const plain = plainBlocks(body)
      expect(plain, body).not.toBeNull()
      expect(plain, body).toEqual(parseMarkdown(body))
    }
  })

  it('leaves anything that may be markup to the parser', () => {
    const bodies = [
      '**bold**',
      'snake_case',
      '~~gone~~',
      'a `code` span',
      '[link](https://example.com)',
      'see https://example.com',
      'see www.example.com',
      'write to ana@example.com',
      '<@0b7c6a1e-5d3f-4a2b-9c8d-7e6f5a4b3c2d> hi',
      '# heading',
      '> quote',
      '- item',
      '+ item',
      '1. first',
      '2) second',
      'title\n===',
      'title\n---',
      '    indented code',
      '\tindented',
      'trailing spaces  \nbreak',
      'a &amp; b',
      'back\\slash',
      'a | table',
      'wow!',
      '\nleading newline',
      'trailing newline\n',
      'windows\r\nline',
      '',
    ]
    for (const body of bodies) expect(plainBlocks(body), JSON.stringify(body)).toBeNull()
  })
})
