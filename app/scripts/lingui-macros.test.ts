// The app's Lingui compilation (scripts/lingui-macros.ts): what a macro becomes in the code, and
// what a catalog becomes, agree on each message's key, and the runtime (lib/i18n.ts) reads both.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it, onTestFinished } from 'vitest'
import { generateMessageId } from '@lingui/message-utils/generateMessageId'
import { linguiCatalogs, linguiMacros, messageKey, runtimeMessage } from './lingui-macros.ts'

const CONFIG = path.resolve(import.meta.dirname, '../lingui.config.ts')

type Hook = (this: unknown, code: string, id: string) => Promise<{ code: string } | null>

async function compile(source: string): Promise<string> {
  const transform = linguiMacros(CONFIG).transform as unknown as Hook
  const result = await transform.call({}, source, path.resolve(import.meta.dirname, 'x.tsx'))
  return result!.code
}

describe('a message in the code', () => {
  it('of plain text is looked up by its English text, which is all it carries', async () => {
    const code = await compile(
      "import { t } from '@lingui/core/macro'\nexport const f = () => t`Reload the page`"
    )
    expect(code).toMatch(/_i18n\._\(\s*(\/\*i18n\*\/\s*)?"Reload the page"\)/)
    expect(code).not.toContain('message')
  })

  it('with {name} placeholders is its English text and the values', async () => {
    const code = await compile(
      "import { t } from '@lingui/core/macro'\nexport const f = (name: string) => t`Hi ${name}`"
    )
    expect(code).toMatch(/id: "Hi \{name\}",\s*values: \{\s*name: name\s*\}/)
    expect(code).not.toContain('message')
  })

  it('with a plural keeps Lingui’s id and comes precompiled', async () => {
    const code = await compile(
      "import { plural } from '@lingui/core/macro'\n" +
        "export const f = (n: number) => plural(n, { one: '# reply', other: '# replies' })"
    )
    const source = '{n, plural, one {# reply} other {# replies}}'
    expect(code).toContain(`id: "${generateMessageId(source)}"`)
    expect(code).not.toContain(source)
    expect(code).toMatch(/message: \[\["n", "plural"/)
  })

  it('with a context is refused, naming the file', async () => {
    await expect(
      compile(
        "import { t } from '@lingui/core/macro'\nexport const f = () => t({ message: 'Post', context: 'verb' })"
      )
    ).rejects.toThrow(/x\.tsx: a message with a context is not supported/)
  })
})

describe('a catalog', () => {
  it('is keyed as the code looks its messages up, and leaves untranslated ones out', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'chorus-po-'))
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }))
    const file = path.join(dir, 'de.po')
    writeFileSync(
      file,
      [
        'msgid ""\nmsgstr ""\n"Language: de\\n"\n',
        'msgid "Reload the page"\nmsgstr "Seite neu laden"\n',
        'msgid "Hi {name}"\nmsgstr "Hallo {name}"\n',
        'msgid "{n, plural, one {# reply} other {# replies}}"',
        'msgstr "{n, plural, one {# Antwort} other {# Antworten}}"\n',
        'msgid "Not yet"\nmsgstr ""\n',
      ].join('\n')
    )
    const load = linguiCatalogs().load as unknown as (this: unknown, id: string) => Promise<string>
    const module = await load.call({ addWatchFile: () => {} }, file)
    const messages = JSON.parse(
      JSON.parse(module.replace(/^export const messages = JSON\.parse\(|\)$/g, ''))
    )
    const plural = '{n, plural, one {# reply} other {# replies}}'
    expect(messages).toEqual({
      'Reload the page': 'Seite neu laden',
      'Hi {name}': 'Hallo {name}',
      [messageKey(plural)]: runtimeMessage('{n, plural, one {# Antwort} other {# Antworten}}'),
    })
    expect(messageKey(plural)).toBe(generateMessageId(plural))
  })
})
