// Edge functions are written for Deno and import packages as `npm:pkg@1`, `jsr:@supabase/…@2` or
// `https://esm.sh/pkg@1`. Running them in this Node process, those specifiers are resolved to the
// same packages as installed with the stack (the @supabase/* packages on JSR are the npm ones), by a
// module resolve hook registered once before the first function loads (and, for a project folder
// whose functions tsx compiles to CommonJS, the same mapping in require's resolution). Deno-only
// modules get local stand-ins: type declarations load nothing, std's http serve() is Deno.serve.
import Module, { createRequire, register } from 'node:module'
import { fileURLToPath } from 'node:url'
import { serve } from './deno-std-http.ts'

export interface Shims {
  /** An empty module, for `import "….d.ts"`. */
  types: string
  /** A module exporting serve(), for https://deno.land/std@…/http/server.ts. */
  stdHttp: string
}

/** The shims as files, for Vite (tests) and require() (tsx compiles them). */
export const SHIMS: Shims = {
  types: new URL('./type-only.ts', import.meta.url).href,
  stdHttp: new URL('./deno-std-http.ts', import.meta.url).href,
}

/** The same shims as JavaScript data URLs, for Node's own loader (which cannot load .ts files). */
const SHIM_URLS: Shims = {
  types: 'data:text/javascript,export {}',
  stdHttp: `data:text/javascript,${encodeURIComponent(`export ${serve.toString()}`)}`,
}

export type DenoTarget = { package: string } | { shim: string }

/**
 * Where a Deno specifier leads in Node: a package ('npm:@supabase/supabase-js@2' ->
 * '@supabase/supabase-js'), a shim's URL, or null for anything that is not Deno-only.
 */
export function denoTargetOf(specifier: string, shims: Shims): DenoTarget | null {
  if (/^https:\/\/deno\.land\/std@[^/]+\/http\/server\.ts$/.test(specifier)) {
    return { shim: shims.stdHttp }
  }
  let rest: string
  if (specifier.startsWith('npm:')) rest = specifier.slice(4)
  else if (specifier.startsWith('jsr:@supabase/')) rest = specifier.slice(4)
  else if (specifier.startsWith('https://esm.sh/')) rest = specifier.slice(15)
  else return null
  const match = /^\/*((?:@[^/@?]+\/)?[^/@?]+)(?:@[^/?]*)?(\/[^?]*)?(?:\?.*)?$/.exec(rest)
  if (!match) return null
  const name = `${match[1]}${match[2] ?? ''}`
  return name.endsWith('.d.ts') ? { shim: shims.types } : { package: name }
}

let registered = false

/** Registers the resolve hook (once per process); packages resolve from the stack's own folder. */
export function registerDenoImports(): void {
  if (registered) return
  registered = true
  // The hook runs on Node's loader thread, so it is handed as source: the mapping above plus a
  // resolve() that falls back to the stack's node_modules for packages the project lacks.
  const source = `
const denoTargetOf = ${denoTargetOf.toString()};
const shims = ${JSON.stringify(SHIM_URLS)};
export async function resolve(specifier, context, next) {
  const target = denoTargetOf(specifier, shims);
  if (target === null) {
    const resolved = await next(specifier, context);
    const version = /[?&]v=[^&]*/.exec(context.parentURL ?? '');
    const relative = specifier.startsWith('./') || specifier.startsWith('../');
    if (!version || !relative || !resolved.url.startsWith('file:') || resolved.url.includes('?')) {
      return resolved;
    }
    return { ...resolved, url: resolved.url + '?' + version[0].slice(1) };
  }
  if ('shim' in target) return next(target.shim, context);
  try {
    return await next(target.package, context);
  } catch {
    return next(target.package, { ...context, parentURL: ${JSON.stringify(import.meta.url)} });
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
    const target = denoTargetOf(request, SHIMS)
    if (target === null) return original.call(this, request, parent, ...rest)
    if ('shim' in target) return fileURLToPath(target.shim)
    try {
      return original.call(this, target.package, parent, ...rest)
    } catch {
      return fromStack.resolve(target.package)
    }
  }
}
