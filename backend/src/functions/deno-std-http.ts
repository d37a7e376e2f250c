// serve() of https://deno.land/std/http/server.ts, which older functions call instead of
// Deno.serve (the Supabase docs used it until 2023): here it is Deno.serve.
type Handler = (request: Request) => Response | Promise<Response>

export function serve(handler: Handler, _options?: unknown): Promise<void> {
  const deno = (globalThis as unknown as { Deno: { serve(handler: Handler): unknown } }).Deno
  deno.serve(handler)
  return Promise.resolve()
}
