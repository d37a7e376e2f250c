// The schema of the embedding tests (embed-relationships.test.ts, embed-errors.test.ts), after the
// fixtures PostgREST's own embedding specs use: foreign keys named and unnamed, two to one table,
// self-references, a circular pair, one-to-ones, views over tables and junctions, a junction in a
// schema that is not exposed.
import type { TestStack } from '../support/stack.ts'
import { rest } from './fixture.ts'

export const EMBED_MIGRATIONS = {
  '20240101000000_embeds.sql': `
create table clients (id int primary key, name text not null);
create table projects (id int primary key, name text not null, client_id int references clients (id));
create table tasks (id int primary key, name text not null, project_id int references projects (id));
create view projects_view as select id, name, client_id from projects;
create table projectz (id int primary key);

create table addresses (id int primary key, address text not null);
create table orders (
  id int primary key,
  name text not null,
  billing_address_id int constraint billing references addresses (id),
  shipping_address_id int constraint shipping references addresses (id)
);

create table person (id int primary key, name text not null);
create view person_detail as select id, name from person;
create table message (id int primary key, body text, sender int references person (id));

create table family_tree (id text primary key, name text not null, parent text references family_tree (id));
create table organizations (
  id int primary key,
  name text not null,
  referee int references organizations (id),
  auditor int references organizations (id)
);

create table departments (id int primary key, name text not null, head_id int);
create table agents (id int primary key, name text not null, department_id int references departments (id));
alter table departments add constraint departments_head_id_fkey foreign key (head_id) references agents (id);

create table big_projects (big_project_id int primary key, name text not null);
create table sites (
  site_id int primary key,
  name text not null,
  main_project_id int constraint main_project references big_projects (big_project_id)
);
create table jobs (
  site_id int references sites (site_id),
  big_project_id int references big_projects (big_project_id),
  primary key (site_id, big_project_id)
);
create view main_jobs as select site_id, big_project_id from jobs where site_id = 1;

create table second (id int primary key, name text not null);
create table first (
  id int primary key,
  second_id_1 int unique references second (id),
  second_id_2 int unique references second (id)
);

create schema private;
create table labels (id int primary key, name text not null);
create table screens (id int primary key, name text not null);
create table private.labelings (
  label_id int references labels (id),
  screen_id int references screens (id),
  primary key (label_id, screen_id)
);
create table screenz (id int primary key, label_id int references labels (id));

create table originals (id int primary key, name text not null);
create table copies (id int primary key, original_id int references originals (id));
create view copies_view as select id, original_id as first_ref, original_id as second_ref from copies;

create function all_projects() returns setof projects language sql stable as
  $$ select * from projects order by id $$;

insert into clients values (1, 'Microsoft'), (2, 'Apple');
insert into projects values (1, 'Windows 7', 1), (2, 'Windows 10', 1), (3, 'IOS', 2), (4, 'OSX', 2);
insert into tasks values (1, 'Design w7', 1), (2, 'Code w7', 1), (3, 'Design w10', 2);
insert into addresses values (1, 'address 1'), (2, 'address 2');
insert into orders values (1, 'order 1', 1, 2);
insert into person values (1, 'John'), (2, 'Jane');
insert into message values (1, 'Hello Jane', 1), (2, 'Hi John', 2);
insert into family_tree values ('1', 'Parental Unit', null), ('2', 'Kid One', '1'),
  ('3', 'Kid Two', '1'), ('4', 'Grandkid One', '2');
insert into organizations values (1, 'Referee Org', null, null), (2, 'Auditor Org', null, null),
  (3, 'Acme', 1, 2), (4, 'Umbrella', 1, 2);
insert into originals values (1, 'one');
insert into copies values (10, 1);
insert into big_projects values (1, 'big project 1');
insert into sites values (1, 'site 1', 1), (2, 'site 2', null);
insert into jobs values (1, 1), (2, 1);
`,
}

/** The answer's status, its body parsed and as text, and its Content-Length. */
export async function refusal(stack: TestStack, path: string) {
  const answer = await rest(stack, path)
  return {
    status: answer.status,
    body: answer.json(),
    text: answer.text,
    length: answer.headers.get('content-length'),
  }
}
