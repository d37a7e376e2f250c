// npm run deploy -- --project-ref REF [...]: Chorus onto a hosted Supabase project with the
// official Supabase CLI (see docs/hosted.md (Deploy)). `npm run deploy -- move-data ...` copies a
// team's data from another Chorus (move-data.ts).
import { existsSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { InputError, readInputs } from './inputs.ts'
import { deployPlan } from './plan.ts'
import { readLocalConfig } from './project-dir.ts'
import { dryRunText, runPlan, StepFailed } from './run.ts'
import { quote } from './shell.ts'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..')

/** The command that continues a failed deploy at its step: the same flags, --from that step. */
function resumeCommand(argv: string[], step: string): string {
  const kept: string[] = []
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!
    if (arg === '--from') i++
    else if (!arg.startsWith('--from=')) kept.push(arg)
  }
  return ['npm', 'run', 'deploy', '--', ...kept, '--from', step].map(quote).join(' ')
}

async function deploy(argv: string[]): Promise<number> {
  const inputs = readInputs(argv, process.env, ROOT)
  const steps = deployPlan(inputs, ROOT, readLocalConfig(ROOT))
  if (inputs.skipBuild && steps.some((s) => s.name === 'app')) {
    if (!existsSync(path.join(inputs.appDist, 'index.html'))) {
      throw new InputError([
        `--skip-build: there is no build in ${inputs.appDist} (no index.html); run without --skip-build.`,
      ])
    }
  }
  if (inputs.dryRun) {
    process.stdout.write(dryRunText(steps, process.env, ROOT))
    return 0
  }
  try {
    runPlan(steps, process.env, ROOT, (line) => console.log(line))
  } catch (error) {
    if (!(error instanceof StepFailed)) throw error
    console.error(`\nnpm run deploy: step "${error.step}" failed: ${error.message}`)
    if (error.step === 'prepare')
      console.error('Fix the cause above, then run the same command again.')
    else {
      console.error('Fix the cause above, then continue from that step with:')
      console.error(`  ${resumeCommand(argv, error.step)}`)
    }
    return 1
  }
  console.log(
    `\nDeployed to project ${inputs.projectRef}. Put ${path.relative(ROOT, inputs.appDist)} on a static host at ${inputs.siteUrl} (docs/hosted.md).`
  )
  return 0
}

async function main(argv: string[]): Promise<number> {
  try {
    if (argv[0] === 'move-data') {
      const { moveData } = await import('./move-data.ts')
      return await moveData(argv.slice(1))
    }
    return await deploy(argv)
  } catch (error) {
    if (error instanceof InputError) {
      console.error(
        `npm run deploy: cannot start:\n${error.problems.map((p) => `  ${p}`).join('\n')}`
      )
      return 2
    }
    console.error(`npm run deploy: ${(error as Error).message}`)
    return 1
  }
}

process.exitCode = await main(process.argv.slice(2))
