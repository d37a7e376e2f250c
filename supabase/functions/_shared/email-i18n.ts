// The languages of the mails Chorus sends itself (issue 53): notification digests
// (notifications-email) and workspace invitations (workspaces-invite). Each mail is written in
// its recipient's language, public.profiles.language (English when it is null or unknown), with
// numbers by Intl in that language and Arabic's HTML right to left. The texts are each
// function's own tables (notifications-email/compose.ts, _shared/invite-mail-text.ts), one
// sentence a message with {name} placeholders, as the app's Lingui catalogs have them. Auth's own
// mails (sign-up, recovery, …) are Go templates in supabase/templates/ choosing by .Data.language.
import type { SupabaseClient } from 'npm:@supabase/supabase-js@2'

export const MAIL_LANGUAGES = ['en', 'de', 'ja', 'ar'] as const
export type MailLanguage = (typeof MAIL_LANGUAGES)[number]

/** One message in every language. */
export type Texts = Record<MailLanguage, string>

/** A plural message: the forms of Intl.PluralRules's categories, `#` for the number. */
export type PluralTexts = Record<MailLanguage, Partial<Record<Intl.LDMLPluralRule, string>>>

/** A profile's language as a mail's: one Chorus speaks, else English. */
export function mailLanguage(value: unknown): MailLanguage {
  return MAIL_LANGUAGES.find((language) => language === value) ?? 'en'
}

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
}

/** A message with its {name} placeholders filled (plain text). */
export function fill(message: string, values: Record<string, string> = {}): string {
  return message.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole)
}

/**
 * A message as HTML: its text and the values escaped; the values named in `strong` in
 * <strong>, the one named in `link` as a link to `href`.
 */
export function fillHtml(
  message: string,
  values: Record<string, string> = {},
  strong: string[] = []
): string {
  return escapeHtml(message).replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = values[name]
    if (value === undefined) return whole
    return strong.includes(name) ? `<strong>${escapeHtml(value)}</strong>` : escapeHtml(value)
  })
}

export function formatNumber(language: MailLanguage, n: number): string {
  return new Intl.NumberFormat(language).format(n)
}

/** The plural form of `count` in the language, `#` replaced by the number as it writes it. */
export function plural(language: MailLanguage, count: number, texts: PluralTexts): string {
  const forms = texts[language]
  const form = forms[new Intl.PluralRules(language).select(count)] ?? forms.other ?? ''
  return form.replace(/#/g, formatNumber(language, count))
}

/** The HTML of a mail in its language: lang, and dir="rtl" for Arabic. */
export function htmlIn(language: MailLanguage, body: string): string {
  const dir = language === 'ar' ? 'rtl' : 'ltr'
  return `<div lang="${language}" dir="${dir}">\n${body}\n</div>`
}

/** A person's language by their id (the service key reads every profile). */
export async function profileLanguage(
  admin: SupabaseClient,
  userId: string | null | undefined
): Promise<MailLanguage | null> {
  if (!userId) return null
  const { data } = await admin.from('profiles').select('language').eq('id', userId).maybeSingle()
  const language = (data as { language: string | null } | null)?.language
  return language ? mailLanguage(language) : null
}
