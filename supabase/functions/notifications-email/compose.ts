// The digest of notifications-email in its recipient's language (_shared/email-i18n.ts): the
// subject (one message: who wrote where; several: how many), then each message with who wrote it
// where, its text (none when the workspace hides message text) and its permalink, and the
// unsubscribe link. A message's text is its body as one line (_shared/body-text.ts, as the app's
// notifications and the pushes make it), mentions by the names given.
import { bodyAsLine, namesFrom } from '../_shared/body-line.ts'
import { escapeHtml, fill, fillHtml, htmlIn, plural } from '../_shared/email-i18n.ts'
import type { MailLanguage, PluralTexts, Texts } from '../_shared/email-i18n.ts'

/** One queued message, as claim_notification_email lists it. */
export interface Item {
  message_id: string
  channel_id: string
  workspace_id: string
  workspace_name: string
  channel_name: string | null
  channel_kind: string
  author_name: string | null
  /** null when the workspace hides message text in notifications (then `hidden` is true). */
  body: string | null
  hidden?: boolean
  created_at: string
}

/** A claimed batch: one digest to one person. */
export interface Mail {
  email: string
  display_name: string
  unsubscribe_token: string | null
  ids: number[]
  items: Item[]
  /** The recipient's profile language, when the claim says it (null: not chosen). */
  language?: string | null
}

const SOMEONE: Texts = { en: 'Someone', de: 'Jemand', ja: '誰か', ar: 'شخص ما' }
/** Whom a mention of someone not in the names given shows: @someone. */
const MENTIONED: Texts = { en: 'someone', de: 'jemand', ja: '誰か', ar: 'أحدهم' }
const SUBJECT_CHANNEL: Texts = {
  en: '{author} wrote to you in #{channel}',
  de: '{author} hat dir in #{channel} geschrieben',
  ja: '{author}さんが #{channel} であなたにメッセージを送りました',
  ar: 'كتب إليك {author} في #{channel}',
}
const SUBJECT_DM: Texts = {
  en: '{author} wrote to you in a direct message',
  de: '{author} hat dir eine Direktnachricht geschrieben',
  ja: '{author}さんからダイレクトメッセージが届きました',
  ar: 'أرسل إليك {author} رسالة مباشرة',
}
const SUBJECT_MANY: PluralTexts = {
  en: {
    one: '# unread mention or direct message on Chorus',
    other: '# unread mentions and direct messages on Chorus',
  },
  de: {
    one: '# ungelesene Erwähnung oder Direktnachricht auf Chorus',
    other: '# ungelesene Erwähnungen und Direktnachrichten auf Chorus',
  },
  ja: { other: 'Chorus に未読のメンションとダイレクトメッセージが # 件あります' },
  ar: {
    zero: 'لا توجد إشارات أو رسائل مباشرة غير مقروءة على Chorus',
    one: 'إشارة أو رسالة مباشرة واحدة غير مقروءة على Chorus',
    two: 'إشارتان أو رسالتان مباشرتان غير مقروءتين على Chorus',
    few: '# إشارات ورسائل مباشرة غير مقروءة على Chorus',
    many: '# إشارة ورسالة مباشرة غير مقروءة على Chorus',
    other: '# إشارة ورسالة مباشرة غير مقروءة على Chorus',
  },
}
const GREETING: Texts = {
  en: 'Hi {name},',
  de: 'Hallo {name},',
  ja: '{name}さん、こんにちは。',
  ar: 'مرحبًا {name}،',
}
const IN_CHANNEL: Texts = {
  en: '{author} in #{channel} ({workspace}):',
  de: '{author} in #{channel} ({workspace}):',
  ja: '#{channel}（{workspace}）の{author}さん:',
  ar: '{author} في #{channel} \u200f({workspace}):',
}
const IN_DM: Texts = {
  en: '{author} in a direct message ({workspace}):',
  de: '{author} in einer Direktnachricht ({workspace}):',
  ja: 'ダイレクトメッセージ（{workspace}）の{author}さん:',
  ar: '{author} في رسالة مباشرة \u200f({workspace}):',
}
const OPEN_TEXT: Texts = {
  en: 'Open: {link}',
  de: 'Öffnen: {link}',
  ja: '開く: {link}',
  ar: 'فتح: {link}',
}
const OPEN_LINK: Texts = {
  en: 'Open in Chorus',
  de: 'In Chorus öffnen',
  ja: 'Chorus で開く',
  ar: 'فتح في Chorus',
}
const STOP_TEXT: Texts = {
  en: 'Stop these emails: {link}',
  de: 'Diese E-Mails abbestellen: {link}',
  ja: 'これらのメールの配信を停止: {link}',
  ar: 'إيقاف هذه الرسائل: {link}',
}
const STOP_LINK: Texts = {
  en: 'Stop these emails',
  de: 'Diese E-Mails abbestellen',
  ja: 'これらのメールの配信を停止',
  ar: 'إيقاف هذه الرسائل',
}

/** A message body as one line of plain text, at most 300 characters. */
function plain(body: string, language: MailLanguage, names?: ReadonlyMap<string, string>): string {
  return bodyAsLine(body, namesFrom(names, MENTIONED[language]), 300)
}

/** Who wrote it, where and in which workspace, as the message's header says it. */
function placeOf(
  item: Item,
  language: MailLanguage
): { message: string; values: Record<string, string> } {
  const values = {
    author: item.author_name ?? SOMEONE[language],
    channel: item.channel_name ?? '',
    workspace: item.workspace_name,
  }
  return { message: (item.channel_kind === 'dm' ? IN_DM : IN_CHANNEL)[language], values }
}

export function compose(
  mail: Mail,
  language: MailLanguage,
  appUrl: string,
  unsubscribeUrl: string | null,
  /** The mentioned people's names, by lower-case id (others: "@someone" in the language). */
  names?: ReadonlyMap<string, string>
): { subject: string; text: string; html: string } {
  const n = mail.items.length
  const first = mail.items[0]
  const subject =
    n === 1 && first
      ? fill((first.channel_kind === 'dm' ? SUBJECT_DM : SUBJECT_CHANNEL)[language], {
          author: first.author_name ?? SOMEONE[language],
          channel: first.channel_name ?? '',
        })
      : plural(language, n, SUBJECT_MANY)
  const linkOf = (i: Item) => `${appUrl}/w/${i.workspace_id}/c/${i.channel_id}/m/${i.message_id}`
  const greeting = { name: mail.display_name }
  const text = [
    fill(GREETING[language], greeting),
    '',
    ...mail.items.flatMap((i) => {
      const { message, values } = placeOf(i, language)
      return [
        fill(message, values),
        ...(i.body === null ? [] : [plain(i.body, language, names)]),
        fill(OPEN_TEXT[language], { link: linkOf(i) }),
        '',
      ]
    }),
    unsubscribeUrl ? fill(STOP_TEXT[language], { link: unsubscribeUrl }) : '',
  ].join('\n')
  const html = [
    `<p>${fillHtml(GREETING[language], greeting)}</p>`,
    ...mail.items.map((i) => {
      const { message, values } = placeOf(i, language)
      const line = i.body === null ? '' : `${escapeHtml(plain(i.body, language, names))}<br>`
      return (
        `<p>${fillHtml(message, values, ['author'])}<br>${line}` +
        `<a href="${escapeHtml(linkOf(i))}">${escapeHtml(OPEN_LINK[language])}</a></p>`
      )
    }),
    unsubscribeUrl
      ? `<p><a href="${escapeHtml(unsubscribeUrl)}">${escapeHtml(STOP_LINK[language])}</a></p>`
      : '',
  ].join('\n')
  return { subject, text, html: htmlIn(language, html) }
}
