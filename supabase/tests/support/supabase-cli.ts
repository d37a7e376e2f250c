// The real Supabase CLI (the root's `supabase` devDependency, the official binary from the npm
// registry) as the tests run it: without Docker (DOCKER_HOST names a socket that does not exist)
// and without the cloud (no access token), in a HOME of the test's own; and the project folder it
// reads, copied from this repository.
import { execFile } from 'node:child_process'
import { cp, mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'

export const ROOT = path.resolve(import.meta.dirname, '..', '..', '..')
const CLI = path.join(ROOT, 'node_modules', '.bin', 'supabase')

export interface CliResult {
  code: number
  output: string
}

/** Runs the CLI with `home` as its HOME; its exit code and its stdout and stderr together. */
export function supabaseCli(home: string, args: string[]): Promise<CliResult> {
  return new Promise((resolve) => {
    execFile(
      CLI,
      args,
      {
        timeout: 90_000,
        env: {
          ...process.env,
          HOME: home,
          DOCKER_HOST: 'unix:///nonexistent/chorus-test/docker.sock',
          SUPABASE_ACCESS_TOKEN: '',
        },
      },
      (error, stdout, stderr) => {
        const code = error ? Number((error as { code?: unknown }).code ?? 1) || 1 : 0
        resolve({ code, output: `${stdout}${stderr}` })
      }
    )
  })
}

/** A copy of the project folder the CLI reads (supabase/ without its tests and packages). */
export async function projectCopy(): Promise<string> {
  const workdir = await mkdtemp(path.join(tmpdir(), 'chorus-cli-'))
  for (const name of ['config.toml', 'seed.sql', 'migrations', 'functions', 'templates']) {
    await cp(path.join(ROOT, 'supabase', name), path.join(workdir, 'supabase', name), {
      recursive: true,
    })
  }
  return workdir
}

/** The lines of a CLI run that say something went wrong: "error" or "failed" outside the names
 *  of the migrations it lists and applies (a migration may be named for errors). */
export function troubleIn(output: string): string[] {
  return output
    .split('\n')
    .filter((line) => /error|failed/i.test(line.replace(/\b\d{14}_[\w-]+\.sql\b/g, '')))
}
