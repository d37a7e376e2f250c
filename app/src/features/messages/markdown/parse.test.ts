import { describe, expect, it } from 'vitest'
import { mentionedIds as mentionedUserIds } from '../../../lib/message-tokens.ts'
import { parseMarkdown } from './parse.ts'
import type { Block } from './tree.ts'
import { safeHref } from './safe-url.ts'

const ALICE = '0b7c6a1e-5d3f-4a2b-9c8d-7e6f5a4b3c2d'

const cases: [string, string, Block[]][] = [
  ['plain text', 'hello', [{ type: 'paragraph', children: [{ type: 'text', text: 'hello' }] }]],
  [
    'bold, italic, strike, code',
    '**b** _i_ ~~s~~ `c`',
    [
      {
        type: 'paragraph',
        children: [
          { type: 'strong', children: [{ type: 'text', text: 'b' }] },
          { type: 'text', text: ' ' },
          { type: 'em', children: [{ type: 'text', text: 'i' }] },
          { type: 'text', text: ' ' },
          { type: 'del', children: [{ type: 'text', text: 's' }] },
          { type: 'text', text: ' ' },
          { type: 'code', text: 'c' },
        ],
      },
    ],
  ],
  [
    'single newline is a line break',
    'one\ntwo',
    [
      {
        type: 'paragraph',
        children: [{ type: 'text', text: 'one' }, { type: 'br' }, { type: 'text', text: 'two' }],
      },
    ],
  ],
  [
    'fenced code keeps its text and language',
    '```ts\nconst a = "<b>"\n```',
    [{ type: 'code-block', lang: 'ts', text: 'const a = "<b>"' }],
  ],
  [
    'link with a safe protocol',
    '[docs](https://example.com/a?b=1)',
    [
      {
        type: 'paragraph',
        children: [
          {
            type: 'link',
            href: 'https://example.com/a?b=1',
            children: [{ type: 'text', text: 'docs' }],
          },
        ],
      },
    ],
  ],
  [
    'bare URL becomes a link',
    'see https://example.com',
    [
      {
        type: 'paragraph',
        children: [
          { type: 'text', text: 'see ' },
          {
            type: 'link',
            href: 'https://example.com/',
            children: [{ type: 'text', text: 'https://example.com' }],
          },
        ],
      },
    ],
  ],
  [
    'javascript: link stays text',
    '[x](javascript:alert(1))',
    [{ type: 'paragraph', children: [{ type: 'text', text: '[x](javascript:alert(1))' }] }],
  ],
  [
    'inline HTML stays text',
    'a <script>alert(1)</script> b',
    [{ type: 'paragraph', children: [{ type: 'text', text: 'a <script>alert(1)</script> b' }] }],
  ],
  [
    'block HTML stays text',
    '<img src=x onerror=alert(1)>',
    [{ type: 'paragraph', children: [{ type: 'text', text: '<img src=x onerror=alert(1)>' }] }],
  ],
  [
    'image becomes a link, never an <img>',
    '![cat](https://example.com/cat.png)',
    [
      {
        type: 'paragraph',
        children: [
          {
            type: 'link',
            href: 'https://example.com/cat.png',
            children: [{ type: 'text', text: 'cat' }],
          },
        ],
      },
    ],
  ],
  [
    'lists, ordered with a start',
    '3. three\n4. four',
    [
      {
        type: 'list',
        ordered: true,
        start: 3,
        items: [
          [{ type: 'paragraph', children: [{ type: 'text', text: 'three' }] }],
          [{ type: 'paragraph', children: [{ type: 'text', text: 'four' }] }],
        ],
      },
    ],
  ],
  [
    'quote',
    '> quoted **bold**',
    [
      {
        type: 'quote',
        children: [
          {
            type: 'paragraph',
            children: [
              { type: 'text', text: 'quoted ' },
              { type: 'strong', children: [{ type: 'text', text: 'bold' }] },
            ],
          },
        ],
      },
    ],
  ],
  [
    'mention',
    `hi <@${ALICE}>!`,
    [
      {
        type: 'paragraph',
        children: [
          { type: 'text', text: 'hi ' },
          { type: 'mention', userId: ALICE },
          { type: 'text', text: '!' },
        ],
      },
    ],
  ],
  [
    'mention inside inline code is code',
    `\`<@${ALICE}>\``,
    [{ type: 'paragraph', children: [{ type: 'code', text: `<@${ALICE}>` }] }],
  ],
  [
    'heading keeps emphasis only',
    '# Big',
    [
      {
        type: 'paragraph',
        children: [{ type: 'strong', children: [{ type: 'text', text: 'Big' }] }],
      },
    ],
  ],
  [
    'odd unicode passes through untouched',
    'Zoë 👩🏽‍💻 \u202Eevil',
    [
      {
        type: 'paragraph',
        children: [
          { type: 'text', text: 'Zoë ' },
          { type: 'emoji', text: '👩🏽‍💻' },
          { type: 'text', text: ' \u202Eevil' },
        ],
      },
    ],
  ],
]

describe('parseMarkdown', () => {
  it.each(cases)('%s', (_name, input, expected) => {
    expect(parseMarkdown(input)).toEqual(expected)
  })

  it('returns no blocks for an empty body', () => {
    expect(parseMarkdown('')).toEqual([])
  })
})

describe('safeHref', () => {
  it.each([
    ['https://a.example/x', 'https://a.example/x'],
    ['http://a.example', 'http://a.example/'],
    ['mailto:a@b.example', 'mailto:a@b.example'],
    ['javascript:alert(1)', null],
    ['JaVaScRiPt:alert(1)', null],
    ['java\tscript:alert(1)', null],
    ['data:text/html,<script>alert(1)</script>', null],
    ['vbscript:msgbox', null],
    ['/relative/path', null],
    ['file:///etc/passwd', null],
  ])('%s -> %s', (input, expected) => {
    expect(safeHref(input)).toBe(expected)
  })
})

describe('mentionedUserIds', () => {
  it('lists each mentioned id once, lower-cased', () => {
    expect(mentionedUserIds(`<@${ALICE.toUpperCase()}> and <@${ALICE}>`)).toEqual([ALICE])
  })
})
