// npm run serve: Chorus in production mode on this server (docs/own-server.md (Running Chorus on
// your own server)): the web app built when stale, then `serve` with it. Extra arguments go to
// `serve` (e.g. npm run serve -- --config /etc/chorus/chorus.env; the settings file: backend/src/serve/settings.ts).
import { runWithApp } from './run-with-app.ts'

await runWithApp('serve', process.argv.slice(2))
