// Runs a deploy plan, or prints it (--dry-run) as shell lines that do the same, run from the
// repository's root. A failed command stops the deploy: the CLI's own error is already on stderr
// (it is passed through), followed by the step that failed and the command that continues there.
import { spawnSync } from 'node:child_process'
import { cpSync, mkdirSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { SUPABASE_CLI_VERSION } from './plan.ts'
import type { Action, Step } from './plan.ts'
import { commandLine, heredoc, quote, words } from './shell.ts'
import type { Word } from './shell.ts'

/** How the CLI is started: CHORUS_SUPABASE_CLI (a stand-in, or an installed binary) or npx. */
export function cliCommand(env: NodeJS.ProcessEnv): Word[] {
  const own = env.CHORUS_SUPABASE_CLI?.trim()
  return own ? words(own) : words('npx', '--yes', `supabase@${SUPABASE_CLI_VERSION}`)
}

export class StepFailed extends Error {
  constructor(
    readonly step: Step['name'],
    message: string
  ) {
    super(message)
  }
}

function shown(root: string, file: string): string {
  const relative = path.relative(root, file)
  return relative.startsWith('..') ? file : relative
}

function printAction(action: Action, cli: Word[], root: string): string {
  switch (action.kind) {
    case 'cli': {
      const line = commandLine([...cli, ...action.args])
      return action.absent ? `${line}  # "${action.absent}" is no failure` : line
    }
    case 'run':
      return commandLine(action.command)
    case 'copy': {
      const to = quote(shown(root, action.to))
      return `rm -rf ${to} && mkdir -p ${quote(shown(root, path.dirname(action.to)))} && cp -R ${quote(shown(root, action.from))} ${to}`
    }
    case 'write':
      return `mkdir -p ${quote(shown(root, path.dirname(action.file)))}\n${heredoc(shown(root, action.file), action.content)}`
  }
}

export function dryRunText(steps: Step[], env: NodeJS.ProcessEnv, root: string): string {
  const cli = cliCommand(env)
  const lines = [
    '# npm run deploy --dry-run: nothing was run or written. The same, as shell lines:',
    '# (the CLI reads SUPABASE_ACCESS_TOKEN, SUPABASE_DB_PASSWORD and SMTP_PASS from the environment)',
    `cd ${quote(root)}`,
  ]
  for (const step of steps) {
    lines.push('', `# ${step.name}: ${step.title}`)
    for (const action of step.actions) lines.push(printAction(action, cli, root))
  }
  return `${lines.join('\n')}\n`
}

function perform(step: Step, action: Action, cli: Word[], root: string, env: NodeJS.ProcessEnv) {
  if (action.kind === 'copy') {
    rmSync(action.to, { recursive: true, force: true })
    mkdirSync(path.dirname(action.to), { recursive: true })
    cpSync(action.from, action.to, { recursive: true })
    return
  }
  if (action.kind === 'write') {
    mkdirSync(path.dirname(action.file), { recursive: true })
    writeFileSync(action.file, action.content)
    return
  }
  const command = action.kind === 'cli' ? [...cli, ...action.args] : action.command
  const [program, ...args] = command.map((word) => word.value)
  const absent = action.kind === 'cli' ? action.absent : undefined
  // A command for which "nothing there" is fine has its output read, then passed on.
  const result = spawnSync(program!, args, {
    cwd: root,
    env,
    stdio: absent ? ['inherit', 'pipe', 'pipe'] : 'inherit',
    encoding: 'utf8',
  })
  if (result.error) {
    throw new StepFailed(step.name, `could not start ${program}: ${result.error.message}`)
  }
  if (absent) {
    if (result.status !== 0 && `${result.stdout}${result.stderr}`.includes(absent)) {
      process.stdout.write(`  (not on the project: nothing to do)\n`)
      return
    }
    process.stdout.write(result.stdout)
    process.stderr.write(result.stderr)
  }
  if (result.status !== 0) {
    const how = result.signal ? `was stopped by ${result.signal}` : `exited with ${result.status}`
    throw new StepFailed(step.name, `${commandLine(command.slice(0, 3))} … ${how}`)
  }
}

export function runPlan(
  steps: Step[],
  env: NodeJS.ProcessEnv,
  root: string,
  log: (line: string) => void
) {
  const cli = cliCommand(env)
  for (const step of steps) {
    log(`\n==> ${step.name}: ${step.title}`)
    for (const action of step.actions) {
      if (action.kind === 'cli' || action.kind === 'run') {
        log(`$ ${printAction(action, cli, root)}`)
      }
      try {
        perform(step, action, cli, root, env)
      } catch (error) {
        if (error instanceof StepFailed) throw error
        throw new StepFailed(step.name, (error as Error).message)
      }
    }
  }
}
