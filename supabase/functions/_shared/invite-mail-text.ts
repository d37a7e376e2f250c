// The words of a workspace invitation's mail (invite-mail.ts) in each language Chorus speaks
// (email-i18n.ts): who invited them to which workspace, how to accept (a new account chooses its
// name and password; an existing one signs in), and whom it is for.
import { escapeHtml, fill, fillHtml, htmlIn } from './email-i18n.ts'
import type { MailLanguage, Texts } from './email-i18n.ts'

const SOMEONE: Texts = { en: 'Someone', de: 'Jemand', ja: '誰か', ar: 'شخص ما' }
const A_WORKSPACE: Texts = {
  en: 'a workspace',
  de: 'einem Workspace',
  ja: 'ワークスペース',
  ar: 'مساحة عمل',
}
const SUBJECT: Texts = {
  en: '{inviter} invited you to {workspace} on Chorus',
  de: '{inviter} hat dich zu {workspace} auf Chorus eingeladen',
  ja: '{inviter}さんから Chorus の {workspace} に招待されました',
  ar: 'دعاك {inviter} إلى {workspace} على Chorus',
}
const HEADING: Texts = {
  en: '{inviter} invited you to {workspace}',
  de: '{inviter} hat dich zu {workspace} eingeladen',
  ja: '{inviter}さんから {workspace} に招待されました',
  ar: 'دعاك {inviter} إلى {workspace}',
}
const INTRO: Texts = {
  en: '{inviter} invited you to join {workspace} on Chorus, a team chat.',
  de: '{inviter} hat dich eingeladen, auf Chorus, einem Team-Chat, {workspace} beizutreten.',
  ja: '{inviter}さんから、チームチャット Chorus の {workspace} への参加に招待されました。',
  ar: 'دعاك {inviter} للانضمام إلى {workspace} على Chorus، تطبيق دردشة الفرق.',
}
const ACCEPT_NEW: Texts = {
  en: 'Follow this link to accept; you will choose your name and a password:',
  de: 'Folge diesem Link, um die Einladung anzunehmen. Du wählst dann deinen Namen und ein Passwort:',
  ja: '次のリンクから招待を承諾してください。名前とパスワードを設定します:',
  ar: 'اتبع هذا الرابط لقبول الدعوة، وستختار اسمك وكلمة مرور:',
}
const ACCEPT_EXISTING: Texts = {
  en: 'Follow this link to sign in and accept:',
  de: 'Folge diesem Link, um dich anzumelden und die Einladung anzunehmen:',
  ja: '次のリンクからサインインして、招待を承諾してください:',
  ar: 'اتبع هذا الرابط لتسجيل الدخول وقبول الدعوة:',
}
const JOIN: Texts = {
  en: 'Join {workspace}',
  de: '{workspace} beitreten',
  ja: '{workspace} に参加',
  ar: 'الانضمام إلى {workspace}',
}
const FOR_WHOM: Texts = {
  en: 'The invitation is for {email}. If you did not expect it, you can ignore this email.',
  de: 'Die Einladung gilt für {email}. Falls du sie nicht erwartet hast, kannst du diese E-Mail ignorieren.',
  ja: 'この招待は {email} 宛てです。心当たりがない場合は、このメールを無視してください。',
  ar: 'هذه الدعوة موجهة إلى {email}. إذا لم تكن تتوقعها، يمكنك تجاهل هذه الرسالة.',
}

/** One line of at most `max` characters (names go into the subject). */
function line(text: string, max = 100): string {
  const one = text.replace(/[\r\n\t]+/g, ' ').trim()
  return one.length > max ? `${one.slice(0, max - 1)}…` : one
}

export interface InvitationText {
  email: string
  workspaceName: string | null
  invitedBy: string | null
}

/** The invitation's subject, text and HTML in the language; `existing`: the address has an
 *  account (the link signs it in). */
export function invitationMail(
  invitation: InvitationText,
  link: string,
  existing: boolean,
  language: MailLanguage
): { subject: string; text: string; html: string } {
  const values = {
    inviter: line(invitation.invitedBy || SOMEONE[language]),
    workspace: line(invitation.workspaceName || A_WORKSPACE[language]),
    email: invitation.email,
  }
  const accept = (existing ? ACCEPT_EXISTING : ACCEPT_NEW)[language]
  // Sentences follow each other with a space, in Japanese without.
  const gap = language === 'ja' ? '' : ' '
  const text = [
    `${fill(INTRO[language], values)}${gap}${accept}`,
    '',
    link,
    '',
    fill(FOR_WHOM[language], values),
  ].join('\n')
  const html = [
    `<h2>${fillHtml(HEADING[language], values)}</h2>`,
    `<p>${fillHtml(INTRO[language], values, ['workspace'])}${gap}${escapeHtml(accept)}</p>`,
    `<p><a href="${escapeHtml(link)}">${fillHtml(JOIN[language], values)}</a></p>`,
    `<p>${fillHtml(FOR_WHOM[language], values)}</p>`,
  ].join('\n')
  return { subject: fill(SUBJECT[language], values), text, html: htmlIn(language, html) }
}
