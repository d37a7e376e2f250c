// The inbox's web pages: the list of messages and one message, its HTML shown in a sandboxed
// frame whose links open in the browser tab. Every value from a message is HTML-escaped.
import type { StoredMessage } from './store.ts'

function escape(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;')
}

const STYLE = `
  body { font: 14px/1.4 system-ui, sans-serif; margin: 0; color: #1c1c1c; background: #f8f9fa; }
  header { background: #1c1c1c; color: #fff; padding: 12px 20px; display: flex; gap: 16px; align-items: center; }
  header a { color: #3ecf8e; text-decoration: none; }
  main { padding: 16px 20px; }
  table { width: 100%; border-collapse: collapse; background: #fff; }
  th, td { text-align: left; padding: 8px 10px; border-bottom: 1px solid #e5e7eb; }
  tr.unread td { font-weight: 600; }
  td a { color: inherit; }
  form { display: inline; }
  iframe { width: 100%; height: 70vh; border: 1px solid #e5e7eb; background: #fff; }
  dl { display: grid; grid-template-columns: max-content auto; gap: 4px 12px; }
  dt { color: #6b7280; }
  .empty { color: #6b7280; }
`

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escape(title)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1"><style>${STYLE}</style></head>
<body><header><strong>Inbox</strong><a href="/">All messages</a>
<form method="get" action="/"><input name="query" placeholder="to:someone@example.com"></form>
</header><main>${body}</main></body></html>`
}

export function listPage(messages: StoredMessage[], query: string): string {
  if (messages.length === 0) {
    const what = query ? ` matching ${escape(query)}` : ''
    return page('Inbox', `<p class="empty">No messages${what}.</p>`)
  }
  const rows = messages
    .map(
      (m) => `<tr class="${m.Read ? 'read' : 'unread'}">
<td>${escape(new Date(m.Created).toLocaleString('en-GB', { timeZone: 'UTC' }))} UTC</td>
<td>${escape(m.To.map((t) => t.Address).join(', '))}</td>
<td><a href="/messages/${escape(m.ID)}">${escape(m.Subject || '(no subject)')}</a></td></tr>`
    )
    .join('\n')
  return page(
    'Inbox',
    `<table><thead><tr><th>Received</th><th>To</th><th>Subject</th></tr></thead>
<tbody>${rows}</tbody></table>`
  )
}

export function messagePage(message: StoredMessage): string {
  return page(
    message.Subject,
    `<h2>${escape(message.Subject)}</h2>
<dl><dt>From</dt><dd>${escape(`${message.From.Name} <${message.From.Address}>`)}</dd>
<dt>To</dt><dd>${escape(message.To.map((t) => t.Address).join(', '))}</dd>
<dt>Date</dt><dd>${escape(message.Created)}</dd></dl>
<iframe title="Message" sandbox="allow-popups allow-popups-to-escape-sandbox allow-top-navigation-by-user-activation"
 src="/messages/${escape(message.ID)}/html"></iframe>`
  )
}

/** The message's own HTML, with links opening in the tab rather than inside the frame. */
export function messageHtml(message: StoredMessage): string {
  return `<!doctype html><html><head><meta charset="utf-8"><base target="_top"></head><body>${message.HTML}</body></html>`
}
