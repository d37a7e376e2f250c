import { describe, expect, it } from 'vitest'
import { DEFAULT_TEMPLATES, renderTemplate } from './templates.ts'

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
