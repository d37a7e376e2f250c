// The addresses typed or pasted into the invite dialog (pure): separated by commas, semicolons,
// spaces or new lines, as a mail client or a spreadsheet column gives them; "Ann Lee
// <ann@example.com>" and "mailto:ann@example.com" read as the address. Each is kept once
// (addresses differ by case only in how they are written), lower-cased as invitations store
// them, and marked when it is not an email address.
import { EMAIL_PATTERN } from './invite-mutations.ts'

export interface InviteAddress {
  email: string
  valid: boolean
}

const clean = (word: string) =>
  word
    .replace(/^mailto:/i, '')
    .replace(/^["'([<]+|["')\]>.]+$/g, '')
    .trim()

/** The addresses of a text, in order, each as written (trimmed of quotes and brackets). The
 * words before an address in angle brackets ("Ann Lee <ann@x.io>") are its name, not addresses. */
export function splitAddresses(text: string): string[] {
  const out: string[] = []
  for (const segment of text.split(/[,;\n]+/)) {
    let names = 0
    for (const word of segment.split(/\s+/).filter((w) => w !== '')) {
      if (/^<.*>$/.test(word)) {
        out.splice(out.length - names, names)
        names = 0
      } else if (!word.includes('@')) names += 1
      else names = 0
      out.push(word)
    }
  }
  return out.map(clean).filter((word) => word !== '')
}

/** The addresses with the new ones added after them, each address once. */
export function addAddresses(
  existing: readonly InviteAddress[],
  words: readonly string[]
): InviteAddress[] {
  const out = [...existing]
  const seen = new Set(existing.map((a) => a.email))
  for (const word of words) {
    const email = word.toLowerCase()
    if (seen.has(email)) continue
    seen.add(email)
    out.push({ email, valid: EMAIL_PATTERN.test(email) })
  }
  return out
}

/**
 * What the field holds after typing or pasting `text`: the addresses finished (followed by a
 * separator) join the list, the word still being typed stays in the field.
 */
export function takeFinished(
  existing: readonly InviteAddress[],
  text: string
): { addresses: InviteAddress[]; rest: string } {
  const last = Math.max(
    text.lastIndexOf(','),
    text.lastIndexOf(';'),
    text.lastIndexOf(' '),
    text.lastIndexOf('\n'),
    text.lastIndexOf('\t')
  )
  // "Ann Lee <ann@…" is one address still being typed: its spaces are not separators.
  const open = text.lastIndexOf('<') > text.lastIndexOf('>')
  if (last < 0 || open) return { addresses: [...existing], rest: text }
  return {
    addresses: addAddresses(existing, splitAddresses(text.slice(0, last))),
    rest: text.slice(last + 1),
  }
}
