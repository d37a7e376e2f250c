import { writeFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { parseProjectConfig } from '../../config/project-config.ts'
import { DEFAULT_TEMPLATES, loadTemplates, renderTemplate, TemplateError } from './templates.ts'
import { temporaryFolders } from '../../../test/support/temp-folders.ts'

const folders = temporaryFolders()

describe('renderTemplate', () => {
  it('substitutes GoTrue variables, nested data, and escapes HTML', () => {
    const html = renderTemplate(
      '<a href="{{ .ConfirmationURL }}">{{.Data.name}}</a> {{ .Missing }}|{{- .Token -}}',
      { ConfirmationURL: 'http://x/verify?a=1&b=2', Data: { name: '<Ada>' }, Token: '123456' }
    )
    expect(html).toBe('<a href="http://x/verify?a=1&amp;b=2">&lt;Ada&gt;</a> |123456')
  })

  it('leaves subjects unescaped', () => {
    expect(renderTemplate('Hi {{ .Email }}', { Email: 'a&b@example.com' }, false)).toBe(
      'Hi a&b@example.com'
    )
  })

  it('has GoTrue defaults for every kind', () => {
    expect(Object.keys(DEFAULT_TEMPLATES).sort()).toEqual([
      'confirmation',
      'email_change',
      'invite',
      'magic_link',
      'reauthentication',
      'recovery',
    ])
    expect(DEFAULT_TEMPLATES.magic_link.subject).toBe('Your Magic Link')
  })
})

describe('renderTemplate: if, else if, else, end with eq, as Go runs them', () => {
  const byLanguage =
    '{{ if eq .Data.language "de" }}Hallo{{ else if eq .Data.language "ja" }}こんにちは' +
    '{{ else if eq .Data.language "ar" }}مرحبًا{{ else }}Hello{{ end }}, {{ .Email }}'
  const as = (language: unknown) =>
    renderTemplate(byLanguage, { Email: 'a@x.test', Data: { language } }, false)

  it('takes the first branch whose eq holds, else the else', () => {
    expect(as('de')).toBe('Hallo, a@x.test')
    expect(as('ja')).toBe('こんにちは, a@x.test')
    expect(as('ar')).toBe('مرحبًا, a@x.test')
    expect(as('fr')).toBe('Hello, a@x.test')
    expect(as('DE')).toBe('Hello, a@x.test')
  })

  it('compares a missing or null field as unequal, as Go does (no error)', () => {
    expect(as(null)).toBe('Hello, a@x.test')
    expect(as(undefined)).toBe('Hello, a@x.test')
    expect(renderTemplate(byLanguage, { Email: 'a@x.test' }, false)).toBe('Hello, a@x.test')
  })

  it('renders nothing for an if that holds nowhere and has no else, and nests', () => {
    const nested =
      '[{{ if eq .A "1" }}a{{ if eq .B "2" }}b{{ else }}c{{ end }}{{ end }}]' +
      '{{ if eq .A "x" }}never{{ end }}'
    expect(renderTemplate(nested, { A: '1', B: '2' })).toBe('[ab]')
    expect(renderTemplate(nested, { A: '1', B: '3' })).toBe('[ac]')
    expect(renderTemplate(nested, { A: '0' })).toBe('[]')
  })

  it('reads string literals with escapes, and actions without spaces', () => {
    expect(
      renderTemplate('{{if eq .A "say \\"hi\\""}}yes{{else}}no{{end}}', { A: 'say "hi"' })
    ).toBe('yes')
  })

  it('trims spaces and newlines beside {{- and -}}, and only there', () => {
    const template = `<div>
  {{- if eq .Data.language "ar" -}}
  <p dir="rtl">مرحبًا</p>
  {{- else -}}
  <p>Hello</p>
  {{- end }}
</div>`
    expect(renderTemplate(template, { Data: { language: 'ar' } })).toBe(
      '<div><p dir="rtl">مرحبًا</p>\n</div>'
    )
    expect(renderTemplate(template, { Data: {} })).toBe('<div><p>Hello</p>\n</div>')
    expect(renderTemplate('a {{ .X }} b', { X: 1 })).toBe('a 1 b')
    expect(renderTemplate('a \n {{- .X -}} \n b', { X: 1 })).toBe('a1b')
  })

  it('fails as Go does on eq with a value that is not a string', () => {
    expect(() => as(5)).toThrow(
      new TemplateError(
        'line 1: error calling eq: incompatible types for comparison (.Data.language)'
      )
    )
    expect(() => as(true)).toThrow(TemplateError)
    expect(() => as({ code: 'de' })).toThrow(/uncomparable type/)
  })
})

describe('renderTemplate: a malformed template is an error that names the problem', () => {
  const cases: [string, string][] = [
    ['a {{ .X', 'line 1: unclosed action "{{"'],
    ['a\n{{ end }}', 'line 2: {{ end }} with no {{ if }} before it'],
    ['{{ else }}', 'line 1: {{ else }} with no {{ if }} before it'],
    ['{{ else if eq .A "b" }}', 'line 1: {{ else if }} with no {{ if }} before it'],
    ['x\n\n{{ if eq .A "b" }}open', 'line 3: {{ if }} with no {{ end }}'],
    [
      '{{ if eq .A "b" }}{{ else }}{{ else }}{{ end }}',
      "line 1: {{ else }} after the {{ else }} of line 1's {{ if }}",
    ],
    [
      '{{ if eq .A "b" }}\n{{ else }}\n{{ else if eq .A "c" }}{{ end }}',
      "line 3: {{ else if }} after the {{ else }} of line 1's {{ if }}",
    ],
    ['{{ range .Items }}{{ end }}', 'line 1: unsupported action "{{ range .Items }}"'],
    ['{{/* a comment */}}', 'line 1: unsupported action "{{ /* a comment */ }}"'],
    ['{{ if .A }}x{{ end }}', 'line 1: unsupported condition ".A"'],
    ['{{ if ne .A "b" }}x{{ end }}', 'line 1: unsupported condition "ne .A "b""'],
    ["{{ if eq .A 'b' }}x{{ end }}", `line 1: unsupported condition "eq .A 'b'"`],
    ['{{ if eq .A "\\q" }}x{{ end }}', 'line 1: bad string "\\q"'],
    ['{{-.X }}', 'line 1: unsupported action "{{ -.X }}"'],
  ]
  it.each(cases)('%j', (template, problem) => {
    let thrown: unknown
    try {
      renderTemplate(template, {})
    } catch (error) {
      thrown = error
    }
    expect(thrown).toBeInstanceOf(TemplateError)
    expect((thrown as Error).message.startsWith(problem), (thrown as Error).message).toBe(true)
  })

  it('says which template it is when a project has a malformed one, at start', () => {
    const workdir = folders.makeSync('templates-test-')
    const file = path.join(workdir, 'broken.html')
    writeFileSync(file, '<p>\n{{ if eq .Data.language "de" }}Hallo\n</p>\n')
    const config = parseProjectConfig(
      `[auth.email.template.recovery]\nsubject = "Reset"\ncontent_path = "${file}"\n`,
      workdir,
      path.join(workdir, 'supabase/config.toml')
    )
    expect(() => loadTemplates(config)).toThrow(
      new TemplateError(
        `[auth.email.template.recovery] ${file}: line 2: {{ if }} with no {{ end }}`
      )
    )
    const badSubject = parseProjectConfig(
      '[auth.email.template.magic_link]\nsubject = "{{ if eq .Data.language \\"de\\" }}Link"\n',
      workdir,
      path.join(workdir, 'supabase/config.toml')
    )
    expect(() => loadTemplates(badSubject)).toThrow(
      new TemplateError(
        '[auth.email.template.magic_link] subject: line 1: {{ if }} with no {{ end }}'
      )
    )
  })
})
