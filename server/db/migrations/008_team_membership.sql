-- What the team editor relies on, enforced by the database: a team's name is
-- trimmed, 1 to 100 characters long and unique in its tenant regardless of case,
-- and a team's members come from the team's own tenant. team_members gains the tenant so that both foreign keys can say so;
-- a trigger fills it from the team when an insert leaves it out (the demo seed does).

alter table teams add constraint teams_name_trimmed check (name = btrim(name) and length(name) between 1 and 100);

create unique index teams_tenant_lower_name_key on teams (tenant_id, lower(name));

alter table teams add constraint teams_id_tenant_key unique (id, tenant_id);
create unique index if not exists salespersons_id_tenant_key on salespersons (id, tenant_id);

alter table team_members add column tenant_id integer;
update team_members m set tenant_id = t.tenant_id from teams t where t.id = m.team_id;
-- A membership across tenants was never meant to exist; if one does, it goes.
delete from team_members m using salespersons s where s.id = m.salesperson_id and s.tenant_id <> m.tenant_id;
alter table team_members alter column tenant_id set not null;

alter table team_members drop constraint team_members_team_id_fkey;
alter table team_members drop constraint team_members_salesperson_id_fkey;
alter table team_members add constraint team_members_team_fkey
  foreign key (team_id, tenant_id) references teams (id, tenant_id) on delete cascade;
alter table team_members add constraint team_members_salesperson_fkey
  foreign key (salesperson_id, tenant_id) references salespersons (id, tenant_id) on delete cascade;

-- Kept on one line each: migrations are split into statements at a semicolon ending a line.
create function team_members_tenant_of_team() returns trigger language plpgsql as $$ begin if new.tenant_id is null then select tenant_id into new.tenant_id from teams where id = new.team_id; end if; return new; end $$;
create trigger team_members_tenant before insert on team_members for each row execute function team_members_tenant_of_team();
