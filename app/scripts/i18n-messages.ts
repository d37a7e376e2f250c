// Prints the messages Lingui extracts from the files given (their English text, as the catalogs'
// msgid holds it), one JSON string a line: what a translation is keyed by.
//   node --import tsx app/scripts/i18n-messages.ts app/src/ui/NotLoaded.tsx …
import { readFileSync } from 'node:fs'
import path from 'node:path'
import api from '@lingui/cli/api'
import { getConfig } from '@lingui/conf'

const linguiConfig = getConfig({
  configPath: path.resolve(import.meta.dirname, '../lingui.config.ts'),
})
const seen = new Set<string>()
for (const file of process.argv.slice(2)) {
  const filename = path.resolve(file)
  await api.extractor.extract(
    filename,
    readFileSync(filename, 'utf8'),
    (message) => {
      const text = message.message ?? message.id
      if (seen.has(text)) return
      seen.add(text)
      console.log(JSON.stringify(text))
    },
    { linguiConfig }
  )
}
