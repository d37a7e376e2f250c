-- Supabase Vault (supabase_vault 0.3, as hosted projects have it): vault.secrets with the secret
-- encrypted, vault.decrypted_secrets, vault.create_secret() and vault.update_secret(), usable by
-- postgres and service_role only (supabase/postgres' after-create script for supabase_vault).
--
-- The key is kept outside the database, as pgsodium's root key is: 32 random bytes (hex) in
-- the file chorus_vault.key of the cluster's data directory, written once by the server itself
-- (so it belongs to the OS user that runs PostgreSQL and has its mode, 0600), read only by
-- vault._key(), a superuser's SECURITY DEFINER function nobody else may call. A copy of the
-- database without that file has secrets nobody can read. Encryption: AES-256-CBC (pgcrypto)
-- with the row's nonce as IV, under a key derived from the root key and the row's id (vault's
-- "additional data"), instead of libsodium's AEAD.

create schema if not exists vault;
revoke all on schema vault from public;

do $$
begin
  if pg_catalog.pg_stat_file('chorus_vault.key', true) is null then
    execute format(
      'copy (select encode(extensions.gen_random_bytes(32), %L)) to %L',
      'hex',
      current_setting('data_directory') || '/chorus_vault.key'
    );
  end if;
end
$$;

create or replace function vault._key() returns bytea
language sql stable security definer set search_path = '' as $$
  select decode(btrim(pg_catalog.pg_read_file('chorus_vault.key'), E' \n\r\t'), 'hex')
$$;
revoke all on function vault._key() from public;

create or replace function vault._crypto_aead_det_noncegen() returns bytea
language sql volatile set search_path = '' as $$
  select extensions.gen_random_bytes(16)
$$;

create or replace function vault._crypto_aead_det_encrypt(
  message bytea,
  additional bytea,
  key_id bigint,
  context bytea = 'pgsodium',
  nonce bytea = null
) returns bytea
language sql stable security definer set search_path = '' as $$
  select extensions.encrypt_iv(
    message,
    extensions.hmac(additional || context || pg_catalog.int8send(key_id), vault._key(), 'sha256'),
    coalesce(nonce, extensions.gen_random_bytes(16)),
    'aes-cbc/pad:pkcs'
  )
$$;

create or replace function vault._crypto_aead_det_decrypt(
  message bytea,
  additional bytea,
  key_id bigint,
  context bytea = 'pgsodium',
  nonce bytea = null
) returns bytea
language sql stable security definer set search_path = '' as $$
  select extensions.decrypt_iv(
    message,
    extensions.hmac(additional || context || pg_catalog.int8send(key_id), vault._key(), 'sha256'),
    nonce,
    'aes-cbc/pad:pkcs'
  )
$$;

create table if not exists vault.secrets (
  id uuid primary key default gen_random_uuid(),
  name text,
  description text not null default '',
  secret text not null,
  key_id uuid,
  nonce bytea default vault._crypto_aead_det_noncegen(),
  created_at timestamptz not null default current_timestamp,
  updated_at timestamptz not null default current_timestamp
);
create unique index if not exists secrets_name_idx on vault.secrets (name) where name is not null;
comment on table vault.secrets is 'Table with encrypted `secret` column for storing sensitive information on disk.';

create or replace view vault.decrypted_secrets as
select
  s.id,
  s.name,
  s.description,
  s.secret,
  convert_from(
    vault._crypto_aead_det_decrypt(
      message := decode(s.secret, 'base64'),
      additional := convert_to(s.id::text, 'utf8'),
      key_id := 0,
      context := 'pgsodium'::bytea,
      nonce := s.nonce
    ),
    'utf8'
  ) as decrypted_secret,
  s.key_id,
  s.nonce,
  s.created_at,
  s.updated_at
from vault.secrets s;

create or replace function vault.create_secret(
  new_secret text,
  new_name text = null,
  new_description text = '',
  -- unused, as in supabase_vault 0.3
  new_key_id uuid = null
) returns uuid
language plpgsql security definer set search_path = '' as $$
declare
  rec record;
begin
  insert into vault.secrets (secret, name, description)
  values (new_secret, new_name, new_description)
  returning * into rec;
  update vault.secrets s
  set secret = encode(vault._crypto_aead_det_encrypt(
    message := convert_to(rec.secret, 'utf8'),
    additional := convert_to(s.id::text, 'utf8'),
    key_id := 0,
    context := 'pgsodium'::bytea,
    nonce := rec.nonce
  ), 'base64')
  where id = rec.id;
  return rec.id;
end
$$;

create or replace function vault.update_secret(
  secret_id uuid,
  new_secret text = null,
  new_name text = null,
  new_description text = null,
  -- unused, as in supabase_vault 0.3
  new_key_id uuid = null
) returns void
language plpgsql security definer set search_path = '' as $$
begin
  update vault.secrets s
  set
    secret = case when new_secret is null then s.secret
                  else encode(vault._crypto_aead_det_encrypt(
                    message := convert_to(new_secret, 'utf8'),
                    additional := convert_to(s.id::text, 'utf8'),
                    key_id := 0,
                    context := 'pgsodium'::bytea,
                    nonce := s.nonce
                  ), 'base64') end,
    name = coalesce(new_name, s.name),
    description = coalesce(new_description, s.description),
    updated_at = now()
  where s.id = secret_id;
end
$$;

revoke all on vault.secrets, vault.decrypted_secrets from public;
revoke all on function
  vault._crypto_aead_det_encrypt,
  vault._crypto_aead_det_decrypt,
  vault._crypto_aead_det_noncegen,
  vault.create_secret,
  vault.update_secret
from public;

grant usage on schema vault to postgres with grant option;
grant select, delete on vault.secrets, vault.decrypted_secrets to postgres with grant option;
grant execute on function vault.create_secret, vault.update_secret, vault._crypto_aead_det_decrypt
  to postgres with grant option;

grant usage on schema vault to service_role;
grant select, delete on vault.secrets, vault.decrypted_secrets to service_role;
grant execute on function vault.create_secret, vault.update_secret, vault._crypto_aead_det_decrypt
  to service_role;
