// Lingui's macros (`t`, `plural`, `msg` from @lingui/core/macro; `Trans`, `Plural` from
// @lingui/react/macro) and the catalogs (src/locales/<language>.po), compiled for the app: in the
// build, `vite dev` and the tests.
//
// Vite's own compiler does not run Babel, so linguiMacros() runs Lingui's Babel plugin on the
// files that import a macro, before JSX and types are compiled. Then each message is looked up by
// its English text, not by the hash Lingui would give it: English is the code's own text and is
// never looked up, so the first screen carries each message once, as it did before it was
// translated, and no English catalog. A message with placeholders, plurals or ICU quoting also
// carries its English form precompiled (the form a compiled catalog has), so the runtime needs no
// message compiler; such a message keeps Lingui's short id as its key, since its English would be
// there twice (as the key and compiled). linguiCatalogs() compiles a language's .po file, when
// the app imports it, to the same keys: the English text, or that id, -> the translation (plain
// text, or precompiled).
import { readFile } from 'node:fs/promises'
import { transformAsync } from '@babel/core'
import type { NodePath, PluginObj, types as BabelTypes } from '@babel/core'
import linguiMacro from '@lingui/babel-plugin-lingui-macro'
import { getConfig } from '@lingui/conf'
import { formatter } from '@lingui/format-po'
import { compileMessage } from '@lingui/message-utils/compileMessage'
import { generateMessageId } from '@lingui/message-utils/generateMessageId'
import type { CompiledMessage } from '@lingui/message-utils/compileMessage'
import type { Plugin } from 'vite'
import { compileText } from '../src/lib/message-text.ts'

const MACRO_IMPORT = /from\s+['"]@lingui\/(core|react)\/macro['"]/

/** A message as the runtime takes it: its text when the runtime's own compiler
 * (src/lib/message-text.ts) reads it as Lingui's would, else compiled here. */
export function runtimeMessage(text: string): string | CompiledMessage {
  const compiled = compileMessage(text)
  const plain = compileText(text)
  const same =
    JSON.stringify(typeof plain === 'string' ? [plain] : plain) === JSON.stringify(compiled)
  return same ? text : compiled
}

function property(object: BabelTypes.ObjectExpression, name: string) {
  return object.properties.find(
    (p): p is BabelTypes.ObjectProperty =>
      p.type === 'ObjectProperty' && p.key.type === 'Identifier' && p.key.name === name
  )
}

/** The key a message is looked up by: its English text when the runtime reads that text
 * itself, else Lingui's id for it (what the macro wrote). */
export function messageKey(english: string): string {
  return typeof runtimeMessage(english) === 'string' ? english : generateMessageId(english)
}

/** Each descriptor the macro wrote ({ id: hash, message, values?, components? }) keyed by its
 * English text instead when the runtime reads that text itself (`i18n._({ id, message })` of a
 * plain text becomes `i18n._("text")`), else kept by its id with the text precompiled. */
function englishKeys({ types: t }: { types: typeof BabelTypes }): PluginObj {
  function rewrite(path: NodePath<BabelTypes.ObjectExpression>, file: string): void {
    const object = path.node
    const id = property(object, 'id')
    const message = property(object, 'message')
    if (!id || !message || !t.isStringLiteral(message.value)) return
    if (property(object, 'context')) {
      throw new Error(`${file}: a message with a context is not supported (${message.value.value})`)
    }
    const english = message.value.value
    const runtime = runtimeMessage(english)
    const call = path.parentPath
    const others = object.properties.filter((p) => p !== id && p !== message)
    if (
      typeof runtime === 'string' &&
      others.length === 0 &&
      call.isCallExpression() &&
      call.node.arguments.length === 1
    ) {
      path.replaceWith(t.stringLiteral(english))
      return
    }
    if (typeof runtime === 'string') {
      id.value = t.stringLiteral(english)
      object.properties.splice(object.properties.indexOf(message), 1)
    } else {
      if (!t.isStringLiteral(id.value) || id.value.value !== generateMessageId(english)) {
        throw new Error(`${file}: a message needs Lingui's own id (${english})`)
      }
      message.value = t.valueToNode(runtime)
    }
  }
  return {
    name: 'chorus-lingui-english-keys',
    visitor: {
      Program: {
        exit(program, state) {
          const file = state.filename ?? ''
          program.traverse({ ObjectExpression: (path) => rewrite(path, file) })
        },
      },
    },
  }
}

export function linguiMacros(configPath: string): Plugin {
  const linguiConfig = getConfig({ configPath, skipValidation: true })
  return {
    name: 'chorus-lingui-macros',
    enforce: 'pre',
    async transform(code, id) {
      if (!/\.[cm]?[jt]sx?$/.test(id.replace(/\?.*$/, '')) || id.includes('/node_modules/')) {
        return null
      }
      if (!MACRO_IMPORT.test(code)) return null
      const result = await transformAsync(code, {
        filename: id,
        babelrc: false,
        configFile: false,
        sourceMaps: true,
        sourceType: 'module',
        parserOpts: { plugins: ['typescript', 'jsx'] },
        plugins: [[linguiMacro, { linguiConfig, stripMessageField: false }], englishKeys],
      })
      if (!result?.code) return null
      return { code: result.code, map: result.map }
    },
  }
}

/** A language's catalog, imported as a module: `export const messages`, English text ->
 * translation. An entry without a translation is left out (the English shows). */
export function linguiCatalogs(): Plugin {
  const po = formatter({ lineNumbers: false })
  return {
    name: 'chorus-lingui-catalogs',
    async load(id) {
      if (!id.endsWith('.po')) return null
      this.addWatchFile(id)
      const parsed = (await po.parse(await readFile(id, 'utf8'), {
        locale: null,
        sourceLocale: 'en',
        filename: id,
      })) as Record<string, { message?: string; translation?: string; obsolete?: boolean }>
      const messages: Record<string, string | CompiledMessage> = {}
      for (const entry of Object.values(parsed)) {
        if (entry.obsolete || !entry.message || !entry.translation) continue
        messages[messageKey(entry.message)] = runtimeMessage(entry.translation)
      }
      return `export const messages = JSON.parse(${JSON.stringify(JSON.stringify(messages))})`
    },
  }
}
