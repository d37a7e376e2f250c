/// <reference types="node" />
// supabase-js's Auth client imports its WebAuthn code (security keys and passkeys: the ceremony,
// its errors) and its Sign-in-with-Ethereum helpers at the top, so both (~14 KB minified) were
// in the first screen's entry, used only when a security key is added or asked for. This plugin
// makes them, in the app's build, one lazy chunk: the Auth client's `auth.mfa.webauthn` is a
// stand-in whose methods (all async) load the real WebAuthnApi on first call, and each use of
// the modules' functions inside the client (every one in an async method) awaits the module
// first. Nothing else of supabase-js changes; `auth.mfa.webauthn.register()` and the rest
// behave as before.
import type { Plugin } from 'vite'

const CLIENT = /[\\/]@supabase[\\/]auth-js[\\/]dist[\\/]module[\\/]GoTrueClient\.js$/

/** The client's imports made lazy: the module, and the name of its loader in the client. */
const LAZY = [
  { from: './lib/webauthn', loader: '__chorusWebauthn' },
  { from: './lib/web3/ethereum', loader: '__chorusEthereum' },
]

/** The methods WebAuthnApi binds in its constructor (the ones `auth.mfa.webauthn` offers). */
const WEBAUTHN_METHODS = ['enroll', 'challenge', 'verify', 'authenticate', 'register']

export function lazyAuthWebauthn(): Plugin {
  let replaced = false
  return {
    name: 'chorus-lazy-auth-webauthn',
    apply: 'build',
    enforce: 'pre',
    buildStart() {
      replaced = false
    },
    transform(code, id) {
      if (!CLIENT.test(id)) return null
      let out = code
      const loaders: string[] = []
      for (const { from, loader } of LAZY) {
        const statement = new RegExp(
          `import \\{([^}]*)\\} from '${from.replace(/[./]/g, '\\$&')}';`
        )
        const found = statement.exec(out)
        if (!found)
          this.error(`GoTrueClient.js no longer imports ${from}: see lazy-auth-webauthn.ts`)
        out = out.replace(found[0], '')
        loaders.push(`const ${loader} = () => import('${from}');`)
        const names = found[1]!
          .split(',')
          .map((name) => name.trim())
          .filter(Boolean)
        for (const name of names) {
          const use = new RegExp(`(?<![.\\w$])${name}\\b`, 'g')
          if (name === 'WebAuthnApi') {
            out = out.replace(/new WebAuthnApi\(/g, 'new __ChorusLazyWebAuthnApi(')
          } else {
            out = out.replace(use, `(await ${loader}()).${name}`)
          }
        }
      }
      if (!out.includes('new __ChorusLazyWebAuthnApi(')) {
        this.error('GoTrueClient.js no longer makes a WebAuthnApi: see lazy-auth-webauthn.ts')
      }
      replaced = true
      const standIn = `class __ChorusLazyWebAuthnApi {
  constructor(client) {
    let api;
    for (const key of ${JSON.stringify(WEBAUTHN_METHODS)}) {
      this[key] = async (...args) => {
        api ??= new (await __chorusWebauthn()).WebAuthnApi(client);
        return api[key](...args);
      };
    }
  }
}`
      return { code: `${loaders.join('\n')}\n${standIn}\n${out}`, map: null }
    },
    buildEnd(error) {
      if (!error && !replaced) {
        this.error('the Auth client (GoTrueClient.js) was not found: see lazy-auth-webauthn.ts')
      }
    },
  }
}
