-- Every amount of a tenant is in one currency, which its Super Admin sets
-- (PUT /api/tenant/settings). The demo data is a German sales team's, so
-- existing tenants and new ones start in euros.
alter table tenants add column currency text not null default 'EUR' check (currency ~ '^[A-Z]{3}$');
