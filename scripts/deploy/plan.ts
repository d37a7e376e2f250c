// What a deploy does, as data: named steps in the order the CLI needs them, each a list of
// commands (with how to print them) and files to write. main.ts runs it or, with --dry-run,
// prints it.
import path from 'node:path'
import { appFiles, projectUrl } from './app-files.ts'
import { STEPS } from './inputs.ts'
import type { DeployInputs, StepName } from './inputs.ts'
import { COPIED, hostedConfig } from './project-dir.ts'
import { secret, words } from './shell.ts'
import type { Word } from './shell.ts'

/**
 * The Supabase CLI, pinned: `npx --yes supabase@<this>` unless CHORUS_SUPABASE_CLI names one. The
 * root's `supabase` devDependency is the same release, which the tests run (deploy.test.ts).
 */
export const SUPABASE_CLI_VERSION = '2.117.0'

export type Action =
  /**
   * The Supabase CLI with these arguments. With `absent`: a command that finds nothing to do when
   * the CLI's output contains that text (a deletion of what the project does not have), which is
   * no failure.
   */
  | { kind: 'cli'; args: Word[]; absent?: string }
  /** Another program (npm for the build). */
  | { kind: 'run'; command: Word[] }
  | { kind: 'write'; file: string; content: string }
  /** Replaces a folder with a copy of another. */
  | { kind: 'copy'; from: string; to: string }

export interface Step {
  name: StepName | 'prepare'
  title: string
  actions: Action[]
}

/**
 * Edge Functions that Chorus had under other names, before each was named after its feature
 * (issue 51, item 6): slack-import is imports, workspace-export exports, link-preview
 * link-previews, notify-push push-notify, invite-by-email workspaces-invite. `functions deploy`
 * deploys the new names and removes nothing, so a project deployed before would keep the old ones
 * running beside them: the deploy deletes each after the new ones are up. A project that never had
 * one answers that it does not exist, which is fine. notify-email (now notifications-email) is not
 * one of them: it stays, a function of its own (supabase/functions/notify-email) that answers the
 * one-click unsubscribe address of the mails it sent before and sends nothing.
 */
export const RETIRED_FUNCTIONS = [
  'slack-import',
  'workspace-export',
  'link-preview',
  'notify-push',
  'invite-by-email',
] as const

/** What the CLI says when asked to delete a function the project does not have. */
export const FUNCTION_ABSENT = 'does not exist'

/** Stores a value in Vault under a name, or replaces the value when the name exists. */
function vaultUpsert(value: string, name: string): string {
  const literal = (text: string) => `'${text.replaceAll("'", "''")}'`
  return [
    `  if exists (select 1 from vault.secrets where name = ${literal(name)}) then`,
    `    perform vault.update_secret((select id from vault.secrets where name = ${literal(name)}), ${literal(value)});`,
    '  else',
    `    perform vault.create_secret(${literal(value)}, ${literal(name)});`,
    '  end if;',
  ].join('\n')
}

export function vaultSql(inputs: DeployInputs): string {
  return [
    'do $$',
    'begin',
    vaultUpsert(projectUrl(inputs.projectRef), 'project_url'),
    vaultUpsert(inputs.publishableKey, 'publishable_key'),
    'end',
    '$$;',
  ].join('\n')
}

export function deployPlan(inputs: DeployInputs, root: string, localConfig: string): Step[] {
  const ref = inputs.projectRef
  const relative = path.relative(root, inputs.deployDir)
  const workdir =
    relative.startsWith('..') || path.isAbsolute(relative) ? inputs.deployDir : relative || '.'
  const at = ['--workdir', workdir]
  const supabaseDir = path.join(inputs.deployDir, 'supabase')
  const prepare: Step = {
    name: 'prepare',
    title: `the project folder the CLI works in (${workdir}/supabase)`,
    actions: [
      ...COPIED.map((folder) => ({
        kind: 'copy' as const,
        from: path.join(root, 'supabase', folder),
        to: path.join(supabaseDir, folder),
      })),
      {
        kind: 'write',
        file: path.join(supabaseDir, 'config.toml'),
        content: hostedConfig(localConfig, inputs),
      },
    ],
  }
  const smtp = inputs.smtp
  const build: Action[] = inputs.skipBuild
    ? []
    : [
        {
          kind: 'run',
          command: words(
            'npm',
            'run',
            'build',
            '-w',
            'app',
            ...(path.resolve(root, 'app', 'dist') === inputs.appDist
              ? []
              : ['--', '--outDir', inputs.appDist, '--emptyOutDir'])
          ),
        },
      ]
  const steps: Step[] = [
    {
      name: 'link',
      title: `link the project ${ref} (reads SUPABASE_DB_PASSWORD)`,
      actions: [{ kind: 'cli', args: words('link', '--project-ref', ref, ...at) }],
    },
    {
      name: 'migrations',
      title: 'apply the migrations the project does not have yet',
      actions: [
        { kind: 'cli', args: words('db', 'push', '--linked', '--include-all', '--yes', ...at) },
      ],
    },
    {
      name: 'config',
      title: 'push Auth, API, database and Storage settings from the generated config.toml',
      actions: [
        { kind: 'cli', args: words('config', 'push', '--project-ref', ref, '--yes', ...at) },
      ],
    },
    {
      name: 'functions',
      title:
        'deploy every Edge Function (verify_jwt as config.toml says), then delete the ones Chorus renamed',
      actions: [
        {
          kind: 'cli',
          args: words('functions', 'deploy', '--project-ref', ref, '--use-api', ...at),
        },
        ...RETIRED_FUNCTIONS.map((name) => ({
          kind: 'cli' as const,
          args: words('functions', 'delete', name, '--project-ref', ref, ...at),
          absent: FUNCTION_ABSENT,
        })),
      ],
    },
    {
      name: 'secrets',
      title: "set the functions' SMTP server, the app's address and Web Push's VAPID keys",
      actions: [
        {
          kind: 'cli',
          args: words(
            'secrets',
            'set',
            '--project-ref',
            ref,
            `SMTP_HOST=${smtp.host}`,
            `SMTP_PORT=${smtp.port}`,
            `SMTP_USER=${smtp.user}`,
            secret('SMTP_PASS', smtp.pass, 'SMTP_PASS='),
            `SMTP_FROM=${smtp.from}`,
            `APP_URL=${inputs.siteUrl}`,
            ...(inputs.vapid
              ? [
                  `VAPID_PUBLIC_KEY=${inputs.vapid.publicKey}`,
                  secret('VAPID_PRIVATE_KEY', inputs.vapid.privateKey, 'VAPID_PRIVATE_KEY='),
                ]
              : []),
            ...at
          ),
        },
      ],
    },
    {
      name: 'vault',
      title: 'store the project URL and publishable key the email job reads from Vault',
      actions: [{ kind: 'cli', args: words('db', 'query', '--linked', ...at, vaultSql(inputs)) }],
    },
    {
      name: 'app',
      title: `build the app for ${projectUrl(ref)}`,
      actions: [
        ...build,
        ...Object.entries(appFiles(inputs)).map(([name, content]) => ({
          kind: 'write' as const,
          file: path.join(inputs.appDist, name),
          content,
        })),
        // _headers: the cache rules and the build's security headers (its policy's hashes).
        {
          kind: 'run',
          command: words(
            'node',
            '--import',
            'tsx',
            'scripts/deploy/site-headers.ts',
            inputs.appDist,
            projectUrl(ref)
          ),
        },
      ],
    },
  ]
  const first = STEPS.indexOf(inputs.from)
  return [prepare, ...steps.slice(first)]
}
