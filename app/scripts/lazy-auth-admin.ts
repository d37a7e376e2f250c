/// <reference types="node" />
// supabase-js's Auth client makes its admin API (`auth.admin`: calls with the service-role key,
// which a browser never holds) in its constructor, so the admin API's code (~7 KB minified) was
// in the first screen's entry, never used. This plugin gives the Auth client, in the app's build,
// a stand-in that loads the real admin API (its own chunk) when one of its methods is first
// called, and calls it: `auth.admin.listUsers()`, `auth.admin.mfa.deleteFactor()` and the rest
// behave as before, all of them being async. Nothing else of supabase-js changes.
import { createRequire } from 'node:module'
import path from 'node:path'
import type { Plugin } from 'vite'

const VIRTUAL = '\0chorus-lazy-auth-admin'

/** The modules that import the admin API: the Auth client, and the package's index (which
 * exports it as GoTrueAdminApi, and AuthAdminApi, another name for it): the stand-in there too,
 * or the real one stays in the entry, where they are imported if unused. */
const IMPORTER =
  /[\\/]@supabase[\\/]auth-js[\\/]dist[\\/]module[\\/](GoTrueClient|AuthAdminApi|index)\.js$/

export function lazyAuthAdmin(): Plugin {
  const real = path.join(
    path.dirname(createRequire(import.meta.url).resolve('@supabase/auth-js/package.json')),
    'dist/module/GoTrueAdminApi.js'
  )
  let replaced = false
  return {
    name: 'chorus-lazy-auth-admin',
    apply: 'build',
    enforce: 'pre',
    buildStart() {
      replaced = false
    },
    resolveId(source, importer) {
      if (source !== './GoTrueAdminApi' || !importer || !IMPORTER.test(importer)) return null
      replaced = true
      return VIRTUAL
    },
    load(id) {
      if (id !== VIRTUAL) return null
      return `
export default function LazyAdminApi(options) {
  let api
  const at = (keys) =>
    new Proxy(function () {}, {
      get: (_, key) => (key === 'then' ? undefined : at([...keys, key])),
      async apply(_, __, args) {
        api ??= import(${JSON.stringify(real)}).then((m) => new m.default(options))
        let owner = await api
        for (const key of keys.slice(0, -1)) owner = owner[key]
        return owner[keys.at(-1)](...args)
      },
    })
  return at([])
}`
    },
    buildEnd(error) {
      // A supabase-js that no longer imports it so: the stand-in must not silently stop working.
      if (!error && !replaced) {
        this.error('the Auth client no longer imports ./GoTrueAdminApi: see lazy-auth-admin.ts')
      }
    },
  }
}
