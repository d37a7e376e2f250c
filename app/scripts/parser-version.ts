// What a message body's parsed tree depends on, as a short hash: the markdown folder's sources
// (the parser, its tree and emoji), the message tokens it reads, and marked's version. The build
// and the tests define it as __CHORUS_PARSER__; trees kept on a device are used only by the same
// parser (src/features/messages/markdown/kept-trees.ts).
import { createHash } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'

const SRC = path.resolve(import.meta.dirname, '../src')

export function parserVersion(): string {
  const folder = path.join(SRC, 'features/messages/markdown')
  const files = readdirSync(folder)
    .filter((name) => /\.tsx?$/.test(name) && !name.includes('.test.'))
    .sort()
    .map((name) => path.join(folder, name))
  files.push(path.join(SRC, 'lib/message-tokens.ts'))
  files.push(path.resolve(SRC, '../../supabase/functions/_shared/body-text.ts'))
  const hash = createHash('sha256')
  for (const file of files) hash.update(path.basename(file)).update(readFileSync(file))
  const marked = createRequire(import.meta.url).resolve('marked/package.json')
  hash.update(String((JSON.parse(readFileSync(marked, 'utf8')) as { version: string }).version))
  return hash.digest('hex').slice(0, 12)
}
