// Policies that require aal2: `auth.jwt()->>'aal'` in RLS. One user, one session at aal1 and one
// raised to aal2 with a TOTP code: a table over REST, an object over Storage and a private
// Realtime topic are readable only by the aal2 session.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestStack } from '../support/stack.ts'
import { subscribed } from '../realtime/helpers.ts'
import { enrolVerified, MFA_ON } from './mfa-support.ts'
import { authConfig, confirmedClient, decodeJwt } from './support.ts'
import type { TestStack } from './support.ts'

const SCHEMA = `
create table public.vault_notes (id int primary key, body text not null);
alter table public.vault_notes enable row level security;
grant select on public.vault_notes to authenticated;
create policy "aal2 reads" on public.vault_notes for select to authenticated
  using ((select auth.jwt() ->> 'aal') = 'aal2');
insert into public.vault_notes values (1, 'launch codes');

insert into storage.buckets (id, name, public) values ('vault', 'vault', false);
create policy "aal2 reads vault" on storage.objects for select to authenticated
  using (bucket_id = 'vault' and (select auth.jwt() ->> 'aal') = 'aal2');

create policy "aal2 joins vault topics" on realtime.messages for select to authenticated
  using ((select realtime.topic()) = 'vault:room' and (select auth.jwt() ->> 'aal') = 'aal2');
`

describe('RLS that requires aal2', () => {
  let stack: TestStack
  beforeAll(async () => {
    stack = await startTestStack({
      config: authConfig('', '', MFA_ON),
      migrations: { '20240101000000_vault.sql': SCHEMA },
    })
    const admin = stack.client(stack.serviceRoleKey)
    const upload = await admin.storage.from('vault').upload('plan.txt', 'the plan', {
      contentType: 'text/plain',
    })
    expect(upload.error).toBeNull()
  })
  afterAll(async () => {
    await stack?.stop()
  })

  it('lets the aal2 session read over REST, Storage and Realtime, and not the aal1 one', async () => {
    const strong = await confirmedClient(stack)
    const { session } = await enrolVerified(strong.client)
    expect(decodeJwt(session.access_token).payload.aal).toBe('aal2')
    const weak = stack.client()
    await weak.auth.signInWithPassword({ email: strong.email, password: strong.password })
    const weakToken = (await weak.auth.getSession()).data.session!.access_token
    expect(decodeJwt(weakToken).payload.aal).toBe('aal1')

    const strongRows = await strong.client.from('vault_notes').select('id, body')
    expect(strongRows.error).toBeNull()
    expect(strongRows.data).toEqual([{ id: 1, body: 'launch codes' }])
    const weakRows = await weak.from('vault_notes').select('id, body')
    expect(weakRows.error).toBeNull()
    expect(weakRows.data).toEqual([])

    const strongFile = await strong.client.storage.from('vault').download('plan.txt')
    expect(strongFile.error).toBeNull()
    expect(await strongFile.data!.text()).toBe('the plan')
    const weakFile = await weak.storage.from('vault').download('plan.txt')
    expect(weakFile.data).toBeNull()
    expect(weakFile.error).not.toBeNull()
    const weakList = await weak.storage.from('vault').list()
    expect(weakList.data).toEqual([])

    await strong.client.realtime.setAuth(session.access_token)
    const strongChannel = strong.client.channel('vault:room', { config: { private: true } })
    await subscribed(strongChannel)
    await strong.client.removeChannel(strongChannel)
    await weak.realtime.setAuth(weakToken)
    const weakChannel = weak.channel('vault:room', { config: { private: true } })
    await expect(subscribed(weakChannel)).rejects.toThrow(
      'Unauthorized: You do not have permissions to read from this Channel topic: vault:room'
    )
    await weak.removeChannel(weakChannel)
  })
})
