// The unit run's order: Vitest's (project by project, then the files it has timed longest first,
// else the largest), with the files that take longest started before everything else. On a fresh
// clone Vitest has no timings and orders by size; the RLS matrix (short files that generate
// thousands of cases) then started last, and the run ended on it alone (2026-11-30 at a9923cce:
// rls-sql and rls-rest, 47 s and 66 s, started 13 minutes in, the last 2.5 minutes theirs).
// A name that is not a file any more fails the run (rename it here with the file).
import { existsSync } from 'node:fs'
import path from 'node:path'
import { BaseSequencer } from 'vitest/node'
import type { TestSpecification } from 'vitest/node'

const ROOT = import.meta.dirname

/** The files over about 30 seconds in that run, longest first. */
export const LONGEST = [
  'supabase/tests/supabase-cli.test.ts',
  'supabase/tests/rls-rest.test.ts',
  'supabase/tests/imports-large.test.ts',
  'supabase/tests/supabase-cli-serve.test.ts',
  'supabase/tests/rls-sql.test.ts',
  'backend/test/stack/backup-restore.test.ts',
  'backend/test/stack/cli-commands.test.ts',
  'backend/test/stack/crash-recovery.test.ts',
  'supabase/tests/deploy.test.ts',
  'supabase/tests/serve-jobs.test.ts',
  'backend/test/stack/serve-production-data.test.ts',
  'backend/test/stack/cli.test.ts',
  'backend/test/stack/system-engine.test.ts',
  'backend/test/stack/serve-cli.test.ts',
  'backend/test/stack/stop.test.ts',
  'supabase/tests/push-notify.test.ts',
]

export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const gone = LONGEST.filter((name) => !existsSync(path.join(ROOT, name)))
    if (gone.length > 0)
      throw new Error(`vitest.sequencer.ts names files not there: ${gone.join(', ')}`)
    const sorted = await super.sort(files)
    const rank = (file: TestSpecification) => {
      const at = LONGEST.indexOf(path.relative(ROOT, file.moduleId))
      return at < 0 ? LONGEST.length : at
    }
    // Array.prototype.sort is stable: the rest keep Vitest's order.
    return sorted.sort((a, b) => rank(a) - rank(b))
  }
}
