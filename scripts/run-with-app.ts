// What `npm start` and `npm run serve` share: build the web app when its build is missing or
// older than its sources, then run a command of the backend's CLI in this process (so that
// Ctrl-C and signals reach it directly) with --app-dist naming the build. Run by node with tsx
// (`node --import tsx scripts/start.ts`), which also loads the backend's TypeScript.
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const app = path.join(root, 'app')
const built = path.join(app, 'dist', 'index.html')

function newest(target: string): number {
  if (!existsSync(target)) return 0
  const stat = statSync(target)
  if (!stat.isDirectory()) return stat.mtimeMs
  let latest = stat.mtimeMs
  for (const entry of readdirSync(target)) {
    if (entry === 'node_modules' || entry === 'dist') continue
    latest = Math.max(latest, newest(path.join(target, entry)))
  }
  return latest
}

/** Builds the app when stale, then runs `command` with the given arguments. */
export async function runWithApp(command: 'start' | 'serve', args: string[]): Promise<void> {
  const sources = ['src', 'public', 'scripts', 'index.html', 'vite.config.ts', 'package.json'].map(
    (p) => path.join(app, p)
  )
  const stale = !existsSync(built) || Math.max(...sources.map(newest)) > statSync(built).mtimeMs
  if (stale) {
    console.log('Building the app...')
    const build = spawnSync('npm', ['run', 'build', '-w', 'app'], { cwd: root, stdio: 'inherit' })
    if (build.status !== 0) process.exit(build.status ?? 1)
  }
  process.argv = [process.argv[0]!, 'main', command, '--app-dist', path.join(app, 'dist'), ...args]
  await import(path.join(root, 'backend/src/cli/main.ts'))
}
