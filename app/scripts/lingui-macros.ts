// Lingui's macros (`t`, `plural`, `msg` from @lingui/core/macro; `Trans`, `Plural`, `useLingui`
// from @lingui/react/macro) turn a message written in English into a lookup by its id. Vite's
// own compiler does not run Babel, so this plugin runs Lingui's Babel plugin on the files that
// import a macro, before JSX and types are compiled, in the build, `vite dev` and the tests.
//
// English is never looked up: the source text is the English message. Lingui strips that text
// from a production build, which would make English a catalog the first screen has to fetch;
// here the text stays, precompiled to the form a compiled catalog has (an array of text and
// placeholders), so the runtime needs no message compiler and English no catalog at all.
import { transformAsync } from '@babel/core'
import type { PluginObj, types as BabelTypes } from '@babel/core'
import linguiMacro from '@lingui/babel-plugin-lingui-macro'
import { getConfig } from '@lingui/conf'
import { compileMessage } from '@lingui/message-utils/compileMessage'
import type { Plugin } from 'vite'

const MACRO_IMPORT = /from\s+['"]@lingui\/(core|react)\/macro['"]/

/** The English message of each descriptor the macro wrote, compiled in place. */
function compiledMessages({ types: t }: { types: typeof BabelTypes }): PluginObj {
  const compiled = (text: string) => t.valueToNode(compileMessage(text))
  const isDescriptor = (object: BabelTypes.ObjectExpression) =>
    object.properties.some((p) => t.isObjectProperty(p) && t.isIdentifier(p.key, { name: 'id' }))
  return {
    name: 'chorus-lingui-compiled-messages',
    visitor: {
      Program: {
        exit(program) {
          program.traverse({
            ObjectProperty(path) {
              const { key, value } = path.node
              if (!t.isIdentifier(key, { name: 'message' }) || !t.isStringLiteral(value)) return
              if (!t.isObjectExpression(path.parent) || !isDescriptor(path.parent)) return
              path.get('value').replaceWith(compiled(value.value))
            },
            JSXAttribute(path) {
              const { name, value } = path.node
              if (!t.isJSXIdentifier(name, { name: 'message' }) || !t.isStringLiteral(value)) return
              const element = path.parent
              if (!t.isJSXOpeningElement(element)) return
              const hasId = element.attributes.some(
                (a) => t.isJSXAttribute(a) && t.isJSXIdentifier(a.name, { name: 'id' })
              )
              if (!hasId) return
              path.get('value').replaceWith(t.jsxExpressionContainer(compiled(value.value)))
            },
          })
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
        generatorOpts: { retainLines: false },
        plugins: [[linguiMacro, { linguiConfig, stripMessageField: false }], compiledMessages],
      })
      if (!result?.code) return null
      return { code: result.code, map: result.map }
    },
  }
}
