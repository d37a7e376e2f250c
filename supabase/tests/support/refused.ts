// A refusal of a Chorus function as postgres.js reports it: its SQLSTATE (`code`), its Chorus code
// (DETAIL, listed in supabase/errors.json) and, when given, its message. For toMatchObject, or
// toEqual against a { code, message, detail } the test picked out.
export function refused(code: string, detail: string, message?: string) {
  return message === undefined ? { code, detail } : { code, detail, message }
}
