// The runtime a function runs in, in the stack's process or the background one
// (background-main.ts): the Deno.serve/Deno.env shim, Deno.env's values (the runtime's own, then
// the process environment, then the secrets), and a function's module loaded anew when its files
// change.
import { readdir, stat } from 'node:fs/promises'
import { createRequire } from 'node:module'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { WebSocket } from 'ws'
import { registerDenoImports } from './deno-imports.ts'

export type Handler = (request: Request) => Response | Promise<Response>

const { cache: requireCache, extensions: requireExtensions } = createRequire(import.meta.url)

let captured: Handler | null = null
/**
 * The handler each module URL's Deno.serve gave, by URL: a stack started again in this process
 * (`db reset`, a test's restart) imports the same URL, which Node answers from its cache without
 * running the module, so Deno.serve is not called again.
 */
const served = new Map<string, Handler>()
/** What Deno.env.get() answers first, as the edge runtime provides it to functions. */
const runtimeEnv = new Map<string, string>()
/** The project's function secrets, after the process environment. */
let secrets = new Map<string, string>()

/** Sets one of the runtime's own values (SUPABASE_*, CHORUS_STACK_MODE): nothing overrides them. */
export function setRuntimeValue(key: string, value: string): void {
  runtimeEnv.set(key, value)
}

/** The project's function secrets (secrets.ts), after the process environment. */
export function useSecrets(values: Map<string, string>): void {
  secrets = values
}

/** Deno.env's values as the background process is given them. */
export function environmentValues(): { runtime: [string, string][]; secrets: [string, string][] } {
  return { runtime: [...runtimeEnv], secrets: [...secrets] }
}

/** The background process's Deno.env values, as its parent had them (background-main.ts). */
export function useEnvironment(runtime: [string, string][], secretValues: [string, string][]) {
  runtimeEnv.clear()
  for (const [key, value] of runtime) runtimeEnv.set(key, value)
  secrets = new Map(secretValues)
}

/** The newest modification time among a function's files and the shared ones (_shared/). */
export async function functionVersion(supabaseDir: string, name: string): Promise<number> {
  let newest = 0
  for (const dir of [name, '_shared']) {
    const root = path.join(supabaseDir, 'functions', dir)
    const entries = await readdir(root, { recursive: true }).catch(() => [] as string[])
    for (const entry of entries) {
      const info = await stat(path.join(root, entry)).catch(() => null)
      if (info?.isFile()) newest = Math.max(newest, info.mtimeMs)
    }
  }
  return newest
}

export async function loadHandler(file: string, version: number): Promise<Handler> {
  installDenoShim()
  await typeScriptLoader()
  registerDenoImports()
  captured = null
  // A new version is a new module URL; the resolve hook carries ?v= on to the function's own
  // relative imports so that edited shared files load anew too.
  const url = `${pathToFileURL(file).href}?v=${version}`
  // Functions that tsx runs as CommonJS are cached by file name instead: forget the old ones.
  const functionsDir = path.dirname(path.dirname(file)) + path.sep
  for (const cached of Object.keys(requireCache)) {
    if (cached.startsWith(functionsDir)) delete requireCache[cached]
  }
  const module = (await import(url)) as { default?: unknown }
  const fromDefault = module.default
  if (typeof fromDefault === 'function') return fromDefault as Handler
  if (fromDefault && typeof (fromDefault as { fetch?: unknown }).fetch === 'function') {
    const target = fromDefault as { fetch: Handler }
    return (request) => target.fetch(request)
  }
  if (captured) {
    served.set(url, captured)
    return captured
  }
  const before = served.get(url)
  if (before) return before
  throw new Error(`${file} neither exports a fetch handler nor calls Deno.serve`)
}

let typeScript: Promise<void> | undefined

/** Functions are TypeScript, as the edge runtime takes them. A process that runs the stack
 * without tsx's loader (the tests' prebuilt CLI: backend/test/support/prebuilt-cli.ts) registers
 * it before the first function loads, and before the Deno imports' hooks, as `--import tsx`
 * would have. */
function typeScriptLoader(): Promise<void> {
  typeScript ??=
    '.ts' in requireExtensions
      ? Promise.resolve()
      : Promise.all([import('tsx/esm/api'), import('tsx/cjs/api')]).then(([esm, cjs]) => {
          esm.register()
          cjs.register()
        })
  return typeScript
}

function installDenoShim(): void {
  const global = globalThis as { Deno?: unknown; WebSocket?: unknown }
  // Deno has a global WebSocket (supabase-js's realtime client needs one); Node 20 does not.
  global.WebSocket ??= WebSocket
  if (global.Deno) return
  global.Deno = {
    serve(first: unknown, second?: unknown) {
      captured = (typeof first === 'function' ? first : second) as Handler
      return { finished: Promise.resolve(), shutdown: async () => {} }
    },
    env: {
      get: (key: string) => runtimeEnv.get(key) ?? process.env[key] ?? secrets.get(key),
      toObject: () => ({
        ...Object.fromEntries(secrets),
        ...process.env,
        ...Object.fromEntries(runtimeEnv),
      }),
    },
  }
}
