// Every relative link in the documentation resolves: in README.md, ARCHITECTURE.md and docs/, a
// link's file or folder exists, and its #anchor is a heading of that file as GitHub names heading
// anchors (or an <a id>/<a name> in it). A section moved to another page without its links
// following it fails here, naming the file and the link. Markdown is read with marked (GFM), so
// links inside code spans and code blocks are not links.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Lexer } from 'marked'
import { describe, expect, it } from 'vitest'

const ROOT = path.resolve(import.meta.dirname, '../..')

interface Token {
  type: string
  raw?: string
  text?: string
  href?: string
  depth?: number
  tokens?: Token[]
  items?: Token[]
  header?: Token[] | boolean
  rows?: Token[][]
}

function lex(markdown: string): Token[] {
  return new Lexer({ gfm: true }).lex(markdown) as unknown as Token[]
}

function children(token: Token): Token[] {
  const cells =
    token.type === 'table' && Array.isArray(token.header)
      ? [...token.header, ...(token.rows ?? []).flat()]
      : []
  return [...(token.tokens ?? []), ...(token.items ?? []), ...cells]
}

function* walk(tokens: readonly Token[]): Generator<Token> {
  for (const token of tokens) {
    yield token
    if (token.type !== 'code' && token.type !== 'codespan') yield* walk(children(token))
  }
}

/** A heading's text as it reads: code spans' and links' text kept, markup and HTML dropped. */
function plainText(tokens: readonly Token[]): string {
  return tokens
    .map((token) => {
      if (token.type === 'html') return ''
      if (token.tokens) return plainText(token.tokens)
      return token.text ?? ''
    })
    .join('')
}

/** GitHub's heading anchor (github-slugger): lower case, punctuation and symbols removed, each
 *  space a hyphen; a repeated one gets -1, -2, … */
function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-')
}

const anchorCache = new Map<string, Set<string>>()

function anchorsOf(file: string): Set<string> {
  const cached = anchorCache.get(file)
  if (cached) return cached
  const markdown = readFileSync(file, 'utf8')
  const anchors = new Set<string>()
  const seen = new Map<string, number>()
  for (const token of walk(lex(markdown))) {
    if (token.type !== 'heading') continue
    const base = slug(plainText(token.tokens ?? []))
    const count = seen.get(base) ?? 0
    seen.set(base, count + 1)
    anchors.add(count === 0 ? base : `${base}-${count}`)
  }
  for (const match of markdown.matchAll(/<a\s[^>]*\b(?:id|name)=["']([^"']+)["']/gi)) {
    anchors.add(match[1]!)
  }
  anchorCache.set(file, anchors)
  return anchors
}

function linksOf(markdown: string): string[] {
  const links: string[] = []
  for (const token of walk(lex(markdown))) {
    if ((token.type === 'link' || token.type === 'image') && token.href) links.push(token.href)
  }
  return links
}

/** The relative links of `file` that do not resolve, each with the reason. */
function brokenLinks(file: string): string[] {
  const broken: string[] = []
  for (const href of linksOf(readFileSync(file, 'utf8'))) {
    // Absolute URLs (https:, mailto:, …) and protocol-relative ones are not checked here.
    if (/^[a-z][a-z\d+.-]*:/i.test(href) || href.startsWith('//')) continue
    const hash = href.indexOf('#')
    const target = hash === -1 ? href : href.slice(0, hash)
    const fragment = hash === -1 ? '' : decodeURIComponent(href.slice(hash + 1))
    const resolved = target
      ? path.resolve(path.dirname(file), decodeURIComponent(target.split('?')[0]!))
      : file
    if (!existsSync(resolved)) {
      broken.push(`${href}: no such file`)
      continue
    }
    if (fragment && resolved.endsWith('.md') && !anchorsOf(resolved).has(fragment)) {
      broken.push(`${href}: no heading with the anchor #${fragment}`)
    }
  }
  return broken
}

function documentation(): string[] {
  const docs = readdirSync(path.join(ROOT, 'docs'), { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.md'))
    .map((name) => path.join(ROOT, 'docs', name))
  return [path.join(ROOT, 'README.md'), path.join(ROOT, 'ARCHITECTURE.md'), ...docs.sort()]
}

describe('relative links in the documentation', () => {
  it('finds the pages: README.md, ARCHITECTURE.md and docs/', () => {
    const files = documentation().map((file) => path.relative(ROOT, file))
    expect(files).toContain('docs/getting-started.md')
    expect(files.length).toBeGreaterThan(3)
  })

  it.each(documentation().map((file) => [path.relative(ROOT, file), file]))(
    '%s: every relative link resolves',
    (_name, file) => {
      expect(brokenLinks(file)).toEqual([])
    }
  )

  it('reports a missing file and a missing anchor, and reads anchors as GitHub makes them', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'docs-links-'))
    try {
      writeFileSync(
        path.join(dir, 'other.md'),
        [
          "# Moving a team's data",
          '## Behind Caddy (automatic TLS)',
          '## Mentioning many: @channel, @here and `groups`',
          '## Notes',
          '## Notes',
          '<a id="kept-anchor"></a>',
          '',
        ].join('\n')
      )
      writeFileSync(
        path.join(dir, 'page.md'),
        [
          '# Page',
          '',
          '## Local part',
          '',
          '[ok](other.md#moving-a-teams-data), [ok](other.md#behind-caddy-automatic-tls),',
          '[ok](other.md#mentioning-many-channel-here-and-groups), [ok](other.md#notes-1),',
          '[ok](other.md#kept-anchor), [ok](#local-part), [ok](./), [ok](https://example.com/x#y),',
          '`[not a link](missing.md)`',
          '',
          '```',
          '[not a link either](missing.md)',
          '```',
          '',
          '| a                            |',
          '| ---------------------------- |',
          '| [in a table](gone.md)        |',
          '',
          '[no file](missing.md), [no anchor](other.md#moved-away), [no local anchor](#nowhere)',
          '',
        ].join('\n')
      )
      expect(brokenLinks(path.join(dir, 'page.md'))).toEqual([
        'gone.md: no such file',
        'missing.md: no such file',
        'other.md#moved-away: no heading with the anchor #moved-away',
        '#nowhere: no heading with the anchor #nowhere',
      ])
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
