// Edge functions are written for Deno and import packages as `npm:pkg@1`, `jsr:@supabase/…@2` or
// `https://esm.sh/pkg@1`. Running them in this Node process, those specifiers are resolved to the
// same packages as installed with the stack (the @supabase/* packages on JSR are the npm ones), by a
// module resolve hook registered once before the first function loads (and, for a project folder
// whose functions tsx compiles to CommonJS, the same mapping in require's resolution).
import Module, { createRequire, register } from 'node:module'
import { fileURLToPath } from 'node:url'

/** The module a type declaration import (`….d.ts`) loads instead: an empty one. */
export const TYPE_ONLY_MODULE = new URL('./type-only.ts', import.meta.url)

/** The bare npm specifier for a Deno one ('npm:@supabase/supabase-js@2' -> '@supabase/supabase-js'), else null. */
export function npmSpecifierOf(specifier: string): string | null {
  let rest: string
  if (specifier.startsWith('npm:')) rest = specifier.slice(4)
  else if (specifier.startsWith('jsr:@supabase/')) rest = specifier.slice(4)
  else if (specifier.startsWith('https://esm.sh/')) rest = specifier.slice(15)
  else return null
  const match = /^\/*((?:@[^/@?]+\/)?[^/@?]+)(?:@[^/?]*)?(\/[^?]*)?(?:\?.*)?$/.exec(rest)
  if (!match) return null
  return `${match[1]}${match[2] ?? ''}`
}

let registered = false

/** Registers the resolve hook (once per process); packages resolve from the stack's own folder. */
export function registerDenoImports(): void {
  if (registered) return
  registered = true
  // The hook runs on Node's loader thread, so it is handed as source: the mapping above plus a
  // resolve() that falls back to the stack's node_modules for packages the project lacks.
  const source = `
const npmSpecifierOf = ${npmSpecifierOf.toString()};
export async function resolve(specifier, context, next) {
  const mapped = npmSpecifierOf(specifier);
  if (mapped === null) return next(specifier, context);
  if (mapped.endsWith('.d.ts')) return next(${JSON.stringify(TYPE_ONLY_MODULE.href)}, context);
  try {
    return await next(mapped, context);
  } catch {
    return next(mapped, { ...context, parentURL: ${JSON.stringify(import.meta.url)} });
  }
}`
  register(`data:text/javascript,${encodeURIComponent(source)}`)
  mapRequireSpecifiers()
}

type ResolveFilename = (request: string, parent: unknown, ...rest: unknown[]) => string

/** Functions outside a `"type": "module"` package are run as CommonJS: map require() too. */
function mapRequireSpecifiers(): void {
  const internals = Module as unknown as { _resolveFilename: ResolveFilename }
  const original = internals._resolveFilename
  const fromStack = createRequire(import.meta.url)
  internals._resolveFilename = function (request, parent, ...rest) {
    const mapped = npmSpecifierOf(request)
    if (mapped === null) return original.call(this, request, parent, ...rest)
    if (mapped.endsWith('.d.ts')) return fileURLToPath(TYPE_ONLY_MODULE)
    try {
      return original.call(this, mapped, parent, ...rest)
    } catch {
      return fromStack.resolve(mapped)
    }
  }
}
