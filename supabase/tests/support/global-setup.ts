// The supabase project's test cluster: the backend's (one embedded PostgreSQL, the platform's
// template), plus a template with Chorus's migrations and seed applied once, which every test
// stack of Chorus's own project starts from (backend/test/support/templates.ts).
import path from 'node:path'
import type { TestProject } from 'vitest/node'
import setupCluster from '../../../backend/test/support/global-setup.ts'
import { makeMigratedTemplate } from '../../../backend/test/support/templates.ts'
import { createLogger } from '../../../backend/src/logger.ts'

/** The repository's root, whose supabase/ folder is Chorus's project. */
const REPO = path.resolve(import.meta.dirname, '../../..')
const CHORUS_TEMPLATE = 'chorus_template'

export default async function setup(project: TestProject) {
  const teardown = await setupCluster(project)
  try {
    const log = createLogger(process.env.LOG_LEVEL === 'debug' ? 'debug' : 'error')
    await makeMigratedTemplate(project.getProvidedContext().pgUrl, REPO, CHORUS_TEMPLATE, log)
  } catch (error) {
    await teardown()
    throw error
  }
  project.provide('migratedTemplates', { [REPO]: CHORUS_TEMPLATE })
  return teardown
}
