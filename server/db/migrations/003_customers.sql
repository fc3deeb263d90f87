-- Customers as records of their own. Opportunities keep naming their customer by
-- text (opportunities.customer), so a customer is known by its name within a
-- tenant: the name is unique there regardless of case, and the opportunity writes
-- add missing names with `on conflict (tenant_id, lower(name)) do nothing`.

create table customers (
  id serial primary key,
  tenant_id integer not null references tenants (id),
  name text not null check (length(name) between 1 and 200),
  company text not null default '' check (length(company) <= 200),
  email text not null default '' check (email = lower(email) and length(email) <= 254),
  phone text not null default '' check (length(phone) <= 32),
  notes text not null default '' check (length(notes) <= 2000),
  created_at timestamptz not null default now()
);
create unique index customers_tenant_name_key on customers (tenant_id, lower(name));

-- Every customer the opportunities already name becomes a record. Names differing
-- only by case are one customer; the first spelling in alphabetical order wins.
insert into customers (tenant_id, name)
select distinct on (tenant_id, lower(customer)) tenant_id, customer
from opportunities
where customer <> '' and length(customer) <= 200
order by tenant_id, lower(customer), customer;
