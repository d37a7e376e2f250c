// A message's text as the runtime compiles it (lib/i18n.ts): plain text, with `{name}` where a
// value goes. The build (scripts/lingui-macros.ts) leaves a message as such text only when this
// reads it exactly as Lingui's ICU compiler would; plurals, selects and ICU quoting arrive
// precompiled. So the first screen carries no ICU parser, and a message's text only once.
export type Compiled = (string | [string])[]

export function compileText(text: string): string | Compiled {
  if (!text.includes('{')) return text
  return text
    .split(/\{(\w+)\}/)
    .map((part, i): string | [string] => (i % 2 ? [part] : part))
    .filter((part) => part !== '')
}
