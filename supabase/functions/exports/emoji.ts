// A workspace export's custom emoji (FORMAT.md, "Custom emoji"): `emoji.json` as Slack's
// emoji.list is kept in an archive ({ "<name>": "emoji/<name>.<ext>", "<alias>": "alias:<name>" }),
// each image under emoji/ as Storage has it. An image Storage no longer has is listed in
// chorus_missing_files.json; its name stays in emoji.json (an import reports it).
import type { TransactionSql } from 'npm:postgres@3'
import { emojiEntries } from '../_shared/archive/write-slack.ts'
import type { ArchiveWriter } from '../_shared/archive/write.ts'
import { readEmoji } from './read.ts'

export async function writeEmoji(
  tx: TransactionSql,
  zip: ArchiveWriter,
  workspaceId: string,
  download: (path: string) => Promise<Response>,
  missing: { id: string; chorus_path: string; reason: string }[]
): Promise<void> {
  const list: Record<string, string> = {}
  for (const emoji of await readEmoji(tx, workspaceId)) {
    const entry = emojiEntries(emoji)
    Object.assign(list, entry.list)
    const response = await download(emoji.image_path)
    if (!response.ok || !response.body) {
      const said = await response.text().catch(() => '')
      missing.push({ id: emoji.id, chorus_path: entry.path, reason: said.slice(0, 200) })
      continue
    }
    await zip.addStream(entry.path, response.body, response.headers.get('content-type') ?? '')
  }
  if (Object.keys(list).length > 0) await zip.addJson('emoji.json', list)
}
