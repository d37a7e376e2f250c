// The backend's and the supabase project's test files share their worker's modules (isolate:
// false in their vitest.config.ts: the stack's module graph is evaluated once per worker, not
// once per file). What a file leaves in the process must not reach the next file of the same
// worker: each file starts from the environment its worker started with, and without the Deno
// shim a stack's functions install (backend/src/functions/runtime.ts), whose env() answers from
// that stack's settings before process.env's.
const BASELINE_KEY = Symbol.for('chorus.tests.baselineEnv')
const holder = globalThis as { [BASELINE_KEY]?: Record<string, string | undefined>; Deno?: unknown }
const baseline = (holder[BASELINE_KEY] ??= { ...process.env })

for (const name of Object.keys(process.env)) {
  if (!(name in baseline)) delete process.env[name]
}
for (const [name, value] of Object.entries(baseline)) {
  if (process.env[name] !== value) process.env[name] = value
}
delete holder.Deno
