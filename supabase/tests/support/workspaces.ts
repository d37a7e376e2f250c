// Workspaces as the app makes them, for the tests of the workspace RPCs: create one, invite,
// accept, read a member's role, and a ready team (owner, admin, two members).
import type { TestStack } from '../../../backend/test/support/stack.ts'
import { asRole, createPerson } from './world.ts'
import type { Person } from './world.ts'

export interface Workspace {
  id: string
  name: string
  slug: string
}

/** The helpers, on the stack `stackOf()` returns (set in the test file's beforeAll). */
export function workspaceKit(stackOf: () => TestStack) {
  async function createWorkspace(
    owner: Person,
    name = 'Team',
    slug: string | null = null
  ): Promise<Workspace> {
    return asRole(stackOf().sql, owner, async (tx) => {
      const [w] = await tx<Workspace[]>`select * from public.create_workspace(${name}, ${slug})`
      return w!
    })
  }

  async function invite(by: Person, ws: string, options: { email?: string; role?: string } = {}) {
    return asRole(stackOf().sql, by, async (tx) => {
      const [i] = await tx<{ id: string; token: string; max_uses: number | null }[]>`
        select * from public.create_invite(${ws}, ${options.email ?? null}, ${options.role ?? 'member'})`
      return i!
    })
  }

  const accept = (person: Person, token: string) =>
    asRole(stackOf().sql, person, async (tx) => {
      const [w] = await tx<Workspace[]>`select * from public.accept_invite(${token})`
      return w!
    })

  const roleOf = async (ws: string, person: Person) => {
    const [row] = await stackOf().sql<{ role: string; left_at: Date | null }[]>`
      select role, left_at from public.workspace_members where workspace_id = ${ws} and user_id = ${person.id}`
    return row
  }

  /** A workspace with an owner, an admin and two members. */
  async function team() {
    const [owner, admin, member, member2] = await Promise.all(
      ['owner', 'admin', 'member', 'member2'].map((n) => createPerson(stackOf(), n))
    )
    const ws = await createWorkspace(owner!, 'Team')
    const link = await invite(owner!, ws.id)
    for (const p of [admin!, member!, member2!]) await accept(p, link.token)
    await asRole(
      stackOf().sql,
      owner!,
      (tx) => tx`select public.set_member_role(${ws.id}, ${admin!.id}, 'admin')`
    )
    return { ws, owner: owner!, admin: admin!, member: member!, member2: member2! }
  }

  return { createWorkspace, invite, accept, roleOf, team }
}
