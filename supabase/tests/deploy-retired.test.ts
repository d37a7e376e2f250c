// npm run deploy deletes the Edge Functions' names from before each was named after its feature
// (scripts/deploy/plan.ts, RETIRED_FUNCTIONS), against deploy.test.ts's stand-in CLI: a project
// that does not have one is answered as the Supabase CLI answers ("does not exist"), which is no
// failure; any other refusal stops the deploy at its step. notify-email is not deleted: it stays,
// the one-click unsubscribe address of the notification mails sent before it was renamed.
import { describe, expect, it } from 'vitest'
import {
  expectedCalls,
  FLAGS,
  RETIRED_FUNCTIONS,
  SECRETS,
  useDeployRunner,
} from './support/deploy-runner.ts'

const runner = useDeployRunner()

describe('npm run deploy and the functions Chorus renamed', () => {
  // Two runs of the script, each a process of its own that loads TypeScript through tsx (3 to
  // 8 s each on the shared 2-core machine under load): twice the default time.
  it(
    'deletes the functions Chorus renamed: one the project does not have is no failure, any other refusal stops the deploy',
    { timeout: 60_000 },
    async () => {
      const fresh = await runner.deploy([...FLAGS, '--skip-build'], {
        ...SECRETS,
        FAKE_CLI_ABSENT: RETIRED_FUNCTIONS.join(','),
      })
      expect(fresh.code).toBe(0)
      expect(fresh.calls.map((c) => c.args)).toEqual(expectedCalls(fresh.deployDir))
      expect(fresh.calls.flatMap((c) => c.args)).not.toContain('notify-email')
      expect(fresh.stdout.split('\n').filter((l) => l.includes('nothing to do'))).toHaveLength(
        RETIRED_FUNCTIONS.length
      )
      expect(fresh.stderr).toBe('')

      const refused = await runner.deploy([...FLAGS, '--skip-build'], {
        ...SECRETS,
        FAKE_CLI_FAIL: 'functions delete notify-push',
      })
      expect(refused.code).toBe(1)
      expect(refused.calls.at(-1)!.args.slice(0, 3)).toEqual(['functions', 'delete', 'notify-push'])
      expect(refused.stderr).toContain('Function bundle too large')
      expect(refused.stderr).toContain('step "functions" failed')
    }
  )
})
