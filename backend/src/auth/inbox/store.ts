// The local mail inbox: one JSON file per message under <dataDir>/inbox, in the shape of Mailpit's
// message objects. Auth writes here when no SMTP server is configured, and so does the inbox's SMTP
// port (smtp.ts); the inbox service reads.
import { randomBytes } from 'node:crypto'
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'

export interface Address {
  Name: string
  Address: string
}

export interface StoredMessage {
  ID: string
  MessageID: string
  From: Address
  To: Address[]
  Subject: string
  /** ISO time the message arrived. */
  Created: string
  Text: string
  HTML: string
  Size: number
  Read: boolean
  /** List-Unsubscribe and List-Unsubscribe-Post headers of a mail that came by SMTP. */
  ListUnsubscribe?: string
  ListUnsubscribePost?: string
}

export interface NewMessage {
  from: Address
  /** One address (Auth's mails), or the To of a mail that came by SMTP. */
  to: string | Address[]
  subject: string
  html: string
  /** The plain-text part; default: the HTML as text. */
  text?: string
  /** The raw message's size; default: the HTML's and the subject's. */
  size?: number
  listUnsubscribe?: string
  listUnsubscribePost?: string
}

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'

function newId(): string {
  const bytes = randomBytes(22)
  return Array.from(bytes, (b) => ID_ALPHABET[b % ID_ALPHABET.length]).join('')
}

/** A plain-text rendering of an HTML mail, for the Text field and the log. */
export function htmlToText(html: string): string {
  return html
    .replace(/<a\b[^>]*href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi, '$2 ( $1 )')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|h[1-6]|div|li|tr)>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&#34;|&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
}

/** The href targets of an HTML mail, entity-decoded. */
export function linksOf(html: string): string[] {
  return [...html.matchAll(/href="([^"]*)"/gi)].map((m) =>
    (m[1] ?? '').replace(/&amp;/g, '&').replace(/&#34;/g, '"').replace(/&#39;/g, "'")
  )
}

export class InboxStore {
  constructor(readonly dir: string) {}

  static at(dataDir: string): InboxStore {
    return new InboxStore(path.join(dataDir, 'inbox'))
  }

  async add(message: NewMessage, now = new Date()): Promise<StoredMessage> {
    await mkdir(this.dir, { recursive: true })
    const id = newId()
    const stored: StoredMessage = {
      ID: id,
      MessageID: `${id}@mail.supabase.local`,
      From: message.from,
      To: typeof message.to === 'string' ? [{ Name: '', Address: message.to }] : message.to,
      Subject: message.subject,
      Created: now.toISOString(),
      Text: message.text || htmlToText(message.html),
      HTML: message.html,
      Size: message.size ?? Buffer.byteLength(message.html) + Buffer.byteLength(message.subject),
      Read: false,
      ...(message.listUnsubscribe ? { ListUnsubscribe: message.listUnsubscribe } : {}),
      ...(message.listUnsubscribePost ? { ListUnsubscribePost: message.listUnsubscribePost } : {}),
    }
    // Zero-padded time first, so file names sort in arrival order.
    const name = `${String(now.getTime()).padStart(15, '0')}-${id}.json`
    const temporary = path.join(this.dir, `.${name}.tmp`)
    await writeFile(temporary, JSON.stringify(stored))
    await rename(temporary, path.join(this.dir, name))
    return stored
  }

  private async files(): Promise<string[]> {
    try {
      return (await readdir(this.dir)).filter((f) => f.endsWith('.json')).sort()
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return []
      throw error
    }
  }

  /** Every message, newest first. */
  async list(): Promise<StoredMessage[]> {
    const out: StoredMessage[] = []
    for (const file of (await this.files()).reverse()) {
      try {
        out.push(JSON.parse(await readFile(path.join(this.dir, file), 'utf8')) as StoredMessage)
      } catch {
        // A file removed while listing is simply gone.
      }
    }
    return out
  }

  private async fileOf(id: string): Promise<string | null> {
    if (!/^[A-Za-z0-9]+$/.test(id)) return null
    const file = (await this.files()).find((f) => f.endsWith(`-${id}.json`))
    return file ? path.join(this.dir, file) : null
  }

  async get(id: string): Promise<StoredMessage | null> {
    if (id === 'latest') return (await this.list())[0] ?? null
    const file = await this.fileOf(id)
    if (!file) return null
    return JSON.parse(await readFile(file, 'utf8')) as StoredMessage
  }

  async markRead(id: string): Promise<void> {
    const file = await this.fileOf(id)
    if (!file) return
    const message = JSON.parse(await readFile(file, 'utf8')) as StoredMessage
    if (message.Read) return
    message.Read = true
    await writeFile(file, JSON.stringify(message))
  }

  /** Deletes the given messages, or all of them. Returns how many were deleted. */
  async delete(ids?: string[]): Promise<number> {
    const files = await this.files()
    const doomed = ids ? files.filter((f) => ids.some((id) => f.endsWith(`-${id}.json`))) : files
    await Promise.all(doomed.map((f) => rm(path.join(this.dir, f), { force: true })))
    return doomed.length
  }
}
