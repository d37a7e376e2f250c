// Shared by migration-privileges.test.ts: the error a start fails with for one migration, and a
// project doing what hosted Supabase lets postgres do (extensions, policies, configs, triggers).
import { expect } from 'vitest'
import { startTestStack } from '../support/stack.ts'

/** The one-line message a start fails with, for a single migration. */
export async function failure(sql: string): Promise<string> {
  const error = await startTestStack({
    migrations: { '20240101000000_hosted.sql': sql },
  }).then(
    async (stack) => {
      await stack.stop()
      return null
    },
    (e: unknown) => e as Error
  )
  expect(error?.name).toBe('MigrationError')
  return error!.message
}

/** The migrations of the project that does what hosted allows. */
export const ALLOWED_MIGRATIONS = {
  '20240101000000_app.sql': `
          create extension if not exists dblink with schema extensions;
          create extension if not exists pg_cron with schema pg_catalog;
          create extension if not exists pg_net with schema extensions;
          create table public.notes (id bigint generated always as identity primary key, body text);
          alter table public.notes enable row level security;
          create function public.whoami() returns text language sql as $$ select current_user::text $$;
          alter publication supabase_realtime add table public.notes;
          create policy "own files" on storage.objects for select to authenticated
            using (owner_id = auth.uid()::text);
          create policy "members" on realtime.messages for select to authenticated using (true);
          create table public.ran_as as select current_user::text as role,
            current_setting('is_superuser') as superuser;
          select cron.schedule('tidy', '0 3 * * *', 'delete from public.notes');
        `,
  '20240101120000_supautils.sql': `
          alter database postgres set "pgrst.db_plan_enabled" to true;
          alter role authenticator in database postgres set pgrst.db_schemas = 'public, graphql_public';
          set session_replication_role = replica;
          create table public.ddl_log (tag text, object text, role text);
          create function public.on_ddl() returns event_trigger language plpgsql as $$
          begin
            insert into public.ddl_log select command_tag, object_identity, current_user::text
            from pg_event_trigger_ddl_commands();
          end $$;
          create event trigger on_ddl on ddl_command_end execute function public.on_ddl();
          create publication app_changes for table public.notes;
          reset session_replication_role;
          create foreign data wrapper app_fdw;
          comment on extension dblink is 'for the app';
        `,
  '20240102000000_later.sql': `
          create table public.after_trigger (id int);
          drop policy "members" on realtime.messages;
          create function public.on_signup() returns trigger language plpgsql security definer
            as $$ begin return new; end $$;
          create trigger on_signup after insert on auth.users
            for each row execute function public.on_signup();
          drop trigger on_signup on auth.users;
        `,
}

export const ALLOWED_SEED = 'insert into public.notes (body) select current_user::text;'
