-- The audit log keeps who acted after their account is deleted: actor_id no longer references
-- profiles (its ON DELETE SET NULL was an UPDATE of the log, which the log refuses, so deleting
-- an account that had done an administrative action failed). The id stays as it was recorded,
-- with the name the person had then (actor_name); it points at no one once the account is gone.
alter table public.audit_log drop constraint audit_log_actor_id_fkey;
