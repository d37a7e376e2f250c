// The inbox's JSON in Mailpit's shapes (API v1), and Mailpit's search syntax: to:, from:,
// subject:, is:read / is:unread and plain words, quoted phrases allowed, all case-insensitive.
import type { StoredMessage } from './store.ts'

export function summary(message: StoredMessage): Record<string, unknown> {
  return {
    ID: message.ID,
    MessageID: message.MessageID,
    Read: message.Read,
    From: message.From,
    To: message.To,
    Cc: [],
    Bcc: [],
    ReplyTo: [],
    Subject: message.Subject,
    Created: message.Created,
    Username: '',
    Tags: [],
    Size: message.Size,
    Attachments: 0,
    Snippet: message.Text.replace(/\s+/g, ' ').slice(0, 250),
  }
}

export function fullMessage(message: StoredMessage): Record<string, unknown> {
  return {
    ID: message.ID,
    MessageID: message.MessageID,
    From: message.From,
    To: message.To,
    Cc: [],
    Bcc: [],
    ReplyTo: [],
    ReturnPath: message.From.Address,
    Subject: message.Subject,
    ListUnsubscribe: {
      Header: message.ListUnsubscribe ?? '',
      Links: [...(message.ListUnsubscribe ?? '').matchAll(/<([^>]+)>/g)].map((m) => m[1]),
      Errors: '',
      HeaderPost: message.ListUnsubscribePost ?? '',
    },
    Date: message.Created,
    Tags: [],
    Username: '',
    Text: message.Text,
    HTML: message.HTML,
    Size: message.Size,
    Inline: [],
    Attachments: [],
  }
}

export function listing(
  all: StoredMessage[],
  selected: StoredMessage[],
  start: number,
  limit: number
): Record<string, unknown> {
  const page = selected.slice(start, start + limit)
  const unread = all.filter((m) => !m.Read).length
  return {
    total: all.length,
    unread,
    count: page.length,
    messages_count: selected.length,
    messages_unread: selected.filter((m) => !m.Read).length,
    start,
    tags: [],
    messages: page.map(summary),
  }
}

interface Term {
  field: 'to' | 'from' | 'subject' | 'is' | 'text'
  value: string
}

export function parseQuery(query: string): Term[] {
  const terms: Term[] = []
  for (const match of query.matchAll(/(?:(\w+):)?(?:"([^"]*)"|(\S+))/g)) {
    const prefix = (match[1] ?? '').toLowerCase()
    const value = (match[2] ?? match[3] ?? '').toLowerCase()
    if (value === '') continue
    const field = ['to', 'from', 'subject', 'is'].includes(prefix)
      ? (prefix as Term['field'])
      : 'text'
    terms.push({ field, value: field === 'text' && prefix !== '' ? `${prefix}:${value}` : value })
  }
  return terms
}

function addresses(list: { Name: string; Address: string }[]): string {
  return list.map((a) => `${a.Name} <${a.Address}>`.toLowerCase()).join(' ')
}

export function matchesQuery(message: StoredMessage, terms: Term[]): boolean {
  return terms.every((term) => {
    switch (term.field) {
      case 'to':
        return addresses(message.To).includes(term.value)
      case 'from':
        return addresses([message.From]).includes(term.value)
      case 'subject':
        return message.Subject.toLowerCase().includes(term.value)
      case 'is':
        return term.value === 'read'
          ? message.Read
          : term.value === 'unread'
            ? !message.Read
            : false
      case 'text':
        return [message.Subject, message.Text, addresses(message.To), addresses([message.From])]
          .join('\n')
          .toLowerCase()
          .includes(term.value)
    }
  })
}
