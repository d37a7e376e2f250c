// Prints the messages Lingui extracts from the files given (their English text, as the catalogs'
// msgid holds it), one JSON string a line: what a translation is keyed by.
//   node --import tsx app/scripts/i18n-messages.ts app/src/ui/NotLoaded.tsx …
import path from 'node:path'
import { extractMessages } from './i18n-extract.ts'

const found = await extractMessages(process.argv.slice(2).map((f) => path.resolve(f)))
for (const { message } of found.values()) console.log(JSON.stringify(message))
