// The messages of the app's code as Lingui's extractor finds them (the same files as
// lingui.config.ts's catalog: src/ without tests), keyed by the id the catalogs use. For the
// catalogs' test (src/locales/catalogs.test.ts) and scripts/i18n-messages.ts.
import { readFileSync, readdirSync } from 'node:fs'
import path from 'node:path'
import api from '@lingui/cli/api'
import { getConfig } from '@lingui/conf'

const APP = path.resolve(import.meta.dirname, '..')

export const linguiConfig = getConfig({ configPath: path.join(APP, 'lingui.config.ts') })

export interface Extracted {
  id: string
  message: string
  files: string[]
}

/** The app's source files the catalogs are made from. */
export function sourceFiles(): string[] {
  return readdirSync(path.join(APP, 'src'), { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.(ts|tsx)$/.test(f) && !/\.test\.tsx?$/.test(f) && !f.endsWith('.d.ts'))
    .map((f) => path.join(APP, 'src', f))
}

export async function extractMessages(
  files: string[] = sourceFiles()
): Promise<Map<string, Extracted>> {
  const found = new Map<string, Extracted>()
  for (const filename of files) {
    const code = readFileSync(filename, 'utf8')
    if (!/@lingui\/(core|react)\/macro/.test(code)) continue
    await api.extractor.extract(
      filename,
      code,
      (m) => {
        const file = path.relative(APP, filename)
        const seen = found.get(m.id)
        if (seen) seen.files.push(file)
        else found.set(m.id, { id: m.id, message: m.message ?? m.id, files: [file] })
      },
      { linguiConfig }
    )
  }
  return found
}
