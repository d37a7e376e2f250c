// `npm run lint`'s circle check (scripts/check-cycles.ts) on small trees of its own: a circle
// made only by `import type` is one, each is printed as its chain of files, and exits 1; with
// --from, the walk starts at the files given.
import { execFile } from 'node:child_process'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterEach, describe, expect, it } from 'vitest'

const script = path.resolve(import.meta.dirname, '../../scripts/check-cycles.ts')
const run = promisify(execFile)
let root: string | undefined

afterEach(async () => {
  if (root) await rm(root, { recursive: true, force: true })
  root = undefined
})

async function tree(files: Record<string, string>): Promise<string> {
  root = await mkdtemp(path.join(tmpdir(), 'check-cycles-'))
  for (const [name, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(root, name)), { recursive: true })
    await writeFile(path.join(root, name), text)
  }
  return root
}

async function check(dir: string, ...from: string[]): Promise<{ code: number; out: string }> {
  const args = ['--import', 'tsx', script, dir, ...(from.length > 0 ? ['--from', ...from] : [])]
  try {
    const { stdout, stderr } = await run(process.execPath, args)
    return { code: 0, out: stdout + stderr }
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string }
    return { code: failed.code, out: failed.stdout + failed.stderr }
  }
}

describe('scripts/check-cycles.ts', () => {
  it('walks from the files given after --from (test:quick: the changed ones)', async () => {
    const dir = await tree({
      'backend/src/a.ts': "import { b } from './b.ts'\nexport const a = () => b\n",
      'backend/src/b.ts': "import { a } from './a.ts'\nexport const b = () => a\n",
      'backend/src/lone.ts': 'export const lone = 1\n',
    })
    const through = await check(dir, 'backend/src/b.ts')
    expect(through.code).toBe(1)
    expect(through.out).toContain('backend/src/a.ts -> backend/src/b.ts -> backend/src/a.ts')
    expect(await check(dir, 'backend/src/lone.ts')).toMatchObject({ code: 0 })
  })

  it('reports a circle made by type-only imports, as its chain of files', async () => {
    const dir = await tree({
      'backend/src/a.ts': "import type { B } from './b.ts'\nexport interface A { b: B }\n",
      'backend/src/b.ts': "import type { A } from './a.ts'\nexport interface B { a?: A }\n",
      'backend/src/c.ts': "import type { A } from './a.ts'\nexport const c: A | null = null\n",
    })
    const { code, out } = await check(dir)
    expect(code).toBe(1)
    expect(out).toContain('1 import circle(s)')
    expect(out).toContain('backend/src/a.ts -> backend/src/b.ts -> backend/src/a.ts')
  })

  it('reports circles in every part it covers, through tsx and re-exports', async () => {
    const dir = await tree({
      'app/src/Item.tsx': "import { useRow } from './use-row.tsx'\nexport const Item = useRow\n",
      'app/src/use-row.tsx': "export { Item } from './Item.tsx'\nexport const useRow = 1\n",
      'e2e/x.ts': "import './y.ts'\n",
      'e2e/y.ts': "import './x.ts'\n",
    })
    const { code, out } = await check(dir)
    expect(code).toBe(1)
    expect(out).toContain('2 import circle(s)')
    expect(out).toContain('app/src/Item.tsx -> app/src/use-row.tsx -> app/src/Item.tsx')
    expect(out).toContain('e2e/x.ts -> e2e/y.ts -> e2e/x.ts')
  })

  it('passes a tree without circles', async () => {
    const dir = await tree({
      'bench/a.ts': "import type { B } from './b.ts'\nexport const a: B = 1\n",
      'bench/b.ts': 'export type B = number\n',
    })
    const { code, out } = await check(dir)
    expect(out).toContain('No import circles')
    expect(code).toBe(0)
  })
})
