// Chorus's own Auth emails (supabase/config.toml's [auth.email.template.*], supabase/templates/)
// as this stack renders them: every kind in every language Chorus speaks, chosen by the user's
// metadata (`language`), English for none or another; Arabic right to left; the link first and
// the code in each, as the tests and the app read them.
import path from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { loadProjectConfig } from '../../config/project-config.ts'
import { loadTemplates, renderTemplate } from './templates.ts'
import type { MailKind, MailTemplate } from './templates.ts'

const WORKDIR = path.resolve(import.meta.dirname, '../../../..')
const KINDS: MailKind[] = [
  'confirmation',
  'invite',
  'magic_link',
  'recovery',
  'email_change',
  'reauthentication',
]
const LINK = 'http://127.0.0.1:54321/auth/v1/verify?token=pkce_abc&type=signup&redirect_to=x'

let templates: Record<MailKind, MailTemplate>
beforeAll(async () => {
  templates = loadTemplates(await loadProjectConfig(WORKDIR))
})

function render(kind: MailKind, language: unknown) {
  const data = {
    SiteURL: 'http://127.0.0.1:3000',
    ConfirmationURL: LINK,
    Email: 'kai@example.test',
    NewEmail: 'kai.new@example.test',
    Token: '482913',
    Data: { language, invited_by: 'Erin', workspace_name: 'Plaza' },
  }
  const template = templates[kind]
  return {
    subject: renderTemplate(template.subject, data, false),
    html: renderTemplate(template.content, data),
  }
}

describe("Chorus's Auth emails in four languages", () => {
  it('has its own template for every kind', () => {
    for (const kind of KINDS) {
      expect(templates[kind].content, kind).toContain('if eq .Data.language "de"')
    }
  })

  it.each(KINDS)('%s: one language a mail, the link first and the code in it', (kind) => {
    const subjects = new Set<string>()
    for (const language of ['en', 'de', 'ja', 'ar']) {
      const { subject, html } = render(kind, language)
      subjects.add(subject)
      expect(html, `${kind} ${language}`).toMatch(
        new RegExp(`^<div lang="${language}" dir="${language === 'ar' ? 'rtl' : 'ltr'}">`)
      )
      expect(html.match(/<div lang=/g), `${kind} ${language}: one language`).toHaveLength(1)
      expect(html).not.toContain('{{')
      if (kind !== 'reauthentication') {
        expect(/href="([^"]+)"/.exec(html)?.[1]).toBe(LINK.replace(/&/g, '&amp;'))
      }
      if (kind !== 'invite') expect(html).toContain('482913')
      if (kind === 'email_change') expect(html).toContain('kai.new@example.test')
      if (kind === 'invite') expect(subject).toContain('Erin')
      expect(subject).not.toMatch(/^\s|\s$|\n/)
    }
    expect(subjects.size, `${kind}: a subject a language`).toBe(4)
  })

  it('writes English when the language is none Chorus speaks, with the subjects the tests know', () => {
    for (const language of [undefined, null, 'fr', '']) {
      expect(render('confirmation', language)).toEqual(render('confirmation', 'en'))
    }
    expect(KINDS.map((kind) => render(kind, null).subject)).toEqual([
      'Confirm your email address for Chorus',
      'Erin invited you to Plaza on Chorus',
      'Your magic link to sign in to Chorus',
      'Reset your Chorus password',
      'Confirm your email change on Chorus',
      'Confirm reauthentication',
    ])
    // The code as the tests' codeOf and the e2e's codeFromEmail read it.
    for (const kind of ['confirmation', 'magic_link', 'recovery', 'email_change'] as const) {
      expect(render(kind, null).html).toMatch(/Alternatively, enter the code: 482913/)
    }
    expect(render('reauthentication', null).html).toMatch(/Enter the code: 482913/)
  })

  it('writes Japanese, German and Arabic', () => {
    expect(render('confirmation', 'ja')).toMatchObject({
      subject: 'Chorus のメールアドレスを確認してください',
      html: expect.stringContaining('次のコードを入力してください: 482913'),
    })
    expect(render('recovery', 'de').subject).toBe('Setze dein Chorus-Passwort zurück')
    expect(render('invite', 'ar').html).toContain('دعاك Erin إلى Plaza')
  })
})
