// The functions of rpc-overloads.test.ts and rpc-errors.test.ts, shaped after PostgREST's own test
// fixtures for RPC: overloads by argument names and by a single unnamed parameter, functions
// PostgREST cannot call (every parameter unnamed), defaults, variadic and char parameters.
export const OVERLOAD_MIGRATIONS = {
  '20240101000000_overloads.sql': `
create function sayhello(name text) returns text language sql immutable as $$ select 'Hello, ' || name $$;
create function add_them(a int, b int) returns int language sql immutable as $$ select a + b $$;
create function numbers_between(lo int, hi int) returns setof int language sql immutable as
  $$ select generate_series(lo, hi) $$;
create function overloaded() returns setof int language sql immutable as $$ values (1), (2), (3) $$;
create function overloaded(json) returns json language sql immutable as $$ select $1 $$;
create function overloaded(a int, b int) returns int language sql immutable as $$ select a + b $$;
create function overloaded(a text, b text, c text) returns text language sql immutable as
  $$ select a || b || c $$;
create function overloaded_same_args(arg text, num int default 0) returns text language sql as $$ select 'text' $$;
create function overloaded_same_args(arg xml) returns text language sql as $$ select 'xml' $$;
create function overloaded_same_args(arg int) returns text language sql as $$ select 'int' $$;
create function unnamed_json_param(json) returns json language sql immutable as $$ select $1 $$;
create function unnamed_text_param(text) returns text language sql immutable as $$ select $1 $$;
create function unnamed_xml_param(xml) returns text language sql immutable as $$ select $1::text $$;
create function unnamed_bytea_param(bytea) returns text language sql immutable as
  $$ select encode($1, 'hex') $$;
create function unnamed_int_param(int) returns int language sql immutable as $$ select $1 $$;
create function times(int, int) returns int language sql immutable as $$ select $1 * $2 $$;
create function overloaded_unnamed_param() returns int language sql immutable as $$ select 1 $$;
create function overloaded_unnamed_param(json) returns json language sql immutable as $$ select $1 $$;
create function overloaded_unnamed_param(text) returns text language sql immutable as $$ select $1 $$;
create function overloaded_unnamed_param(bytea) returns text language sql immutable as
  $$ select encode($1, 'hex') $$;
create function overloaded_unnamed_param(x int, y int) returns int language sql immutable as
  $$ select x + y $$;
create function overloaded_unnamed_json_jsonb_param(json) returns json language sql as $$ select $1 $$;
create function overloaded_unnamed_json_jsonb_param(jsonb) returns jsonb language sql as $$ select $1 $$;
create function named_json_param(data json) returns json language sql immutable as $$ select data $$;
create function variadic_param(variadic v text[] default '{}') returns text[] language sql immutable as
  $$ select v $$;
create function variadic_required(variadic v text[]) returns text[] language sql immutable as
  $$ select v $$;
create function defaults_only(a int default 1, b int default 2) returns int language sql immutable as
  $$ select a * 10 + b $$;
create function mixed_unnamed(a int, int default 5) returns int language sql immutable as
  $$ select a + $2 $$;
create function unnamed_text_default(text default 'dflt') returns text language sql immutable as
  $$ select $1 $$;
create function char_param(c char(3)) returns text language sql immutable as $$ select c::text $$;
`,
}
