// What a type-only import of a function (`import "jsr:@supabase/functions-js/edge-runtime.d.ts"`,
// as `supabase functions new` writes it) loads at run time: nothing.
export {}
