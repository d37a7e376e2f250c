// npm start: build the web app when its build is missing or older than its sources, then run
// the local stack serving it. Extra arguments go to `start` (e.g. npm start -- --reset).
import { runWithApp } from './run-with-app.ts'

await runWithApp('start', process.argv.slice(2))
