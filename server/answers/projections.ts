import { PASSWORD_MASK } from '../accounts/passwords.ts';
import { ROLE_IDS, ROLE_LABELS } from '../../src/domain/rules/index.ts';
import { projection, sqlText } from './projection.ts';

/*
 * Every record the API answers with, written by the database from one projection per
 * shape of the contract (see projection.ts). A route selects `P.select` (or `P.json`)
 * and answers the rows as they come: no route builds a record's fields itself.
 * Instants are written by answer_instant (instant.ts), in one form everywhere.
 */

/** A CRM user: the role's label, and a fixed mask in place of any password (the hash never leaves the database). */
export const USER = projection(
  'User',
  {
    id: 'u.id',
    name: 'u.name',
    email: 'u.email',
    password: `case when exists (select 1 from accounts a where a.email = u.email) then ${sqlText(PASSWORD_MASK)} else '' end`,
    tenant_id: 'u.tenant_id',
    role_id: 'u.role_id',
    status: 'u.status',
    role: `case u.role_id ${ROLE_IDS.map((id) => `when ${id} then ${sqlText(ROLE_LABELS[id])}`).join(' ')} end`,
    phone: 'u.phone',
    mobile: 'u.mobile',
  },
  'users u',
);

export const SALESPERSON = projection(
  'Salesperson',
  { id: 'id', name: 'name', email: 'email', phone: 'phone', mobile: 'mobile', latest_login: 'answer_instant(latest_login)', status: 'status' },
  'salespersons',
);

export const TEAM = projection('Team', { id: 't.id', name: 't.name' }, 'teams t');

const TEAM_MEMBER = projection('TeamMember', { id: 's.id', name: 's.name' });

/** A team with its members (by name), a team without members included; grouped by t.id, t.name. */
export const TEAM_WITH_MEMBERS = projection(
  'TeamWithMembers',
  {
    id: 't.id',
    name: 't.name',
    members: `coalesce(json_agg(${TEAM_MEMBER.json} order by s.name, s.id) filter (where s.id is not null), '[]')`,
  },
  `teams t
  left join team_members m on m.team_id = t.id
  left join salespersons s on s.id = m.salesperson_id and s.tenant_id = t.tenant_id`,
);

export const CUSTOMER = projection(
  'Customer',
  { id: 'id', name: 'name', company: 'company', email: 'email', phone: 'phone', notes: 'notes', created_at: 'answer_instant(created_at)' },
  'customers',
);

/**
 * A customer of the customer list with its year summed: the stored customers (c) fully
 * joined with the year's opportunities grouped by name regardless of case (s), as
 * customers.ts reads them.
 */
export const CUSTOMER_SUMMARY = projection('CustomerSummary', {
  id: 'c.id',
  customer: 'coalesce(c.name, s.name)',
  company: "coalesce(c.company, '')",
  opportunities: 'coalesce(s.opportunities, 0)',
  revenue: 'coalesce(s.revenue, 0)::float8',
  weighted: 'coalesce(s.weighted, 0)::float8',
  won: 'coalesce(s.won, 0)',
  latest_date: "to_char(s.latest_date, 'YYYY-MM-DD')",
});

/** A day of the calendar with its opportunities counted and summed, over the days (d) opportunities.ts groups. */
export const OPPORTUNITY_DAY = projection('OpportunityDay', {
  date: "to_char(d.date, 'YYYY-MM-DD')",
  opportunities: 'd.opportunities',
  revenue: 'd.revenue::float8',
  weighted: 'd.weighted::float8',
});

// numeric(14,2) read as a double, which holds its 14 digits exactly enough to print back.
export const OPPORTUNITY = projection(
  'Opportunity',
  {
    id: 'id',
    created_date: 'answer_instant(created_date)',
    revenue: 'revenue::float8',
    probability: 'probability',
    salesperson_id: 'salesperson_id',
    customer: 'customer',
    stage: 'stage',
  },
  'opportunities',
);

/** An opportunity of the year's analysis: the dashboard's four fields. */
export const ANALYSIS_ENTRY = projection(
  'AnalysisEntry',
  { created_date: 'answer_instant(created_date)', revenue: 'revenue::float8', probability: 'probability', salesperson_id: 'salesperson_id' },
  'opportunities',
);

/** A row of the opportunity lists and board, over rows that carry the salesperson's name as salesperson_name. */
export const OPPORTUNITY_LIST_ROW = projection('OpportunityListRow', {
  id: 'id',
  created_date: 'answer_instant(created_date)',
  customer: 'customer',
  stage: 'stage',
  revenue: 'revenue::float8',
  probability: 'probability',
  salesperson_id: 'salesperson_id',
  salesperson_name: 'salesperson_name',
});

export const NOTE = projection('Note', { id: 'id', body: 'body', author_name: 'author_name', created_at: 'answer_instant(created_at)' }, 'notes');

/** An entry of a record's timeline, over the rows of its union (records.ts). */
export const TIMELINE_ENTRY = projection('TimelineEntry', {
  kind: 'kind',
  id: 'id',
  at: 'answer_instant(at)',
  by: 'by',
  opportunity_id: 'opportunity_id',
  opportunity_customer: 'opportunity_customer',
  title: 'title',
  when: 'answer_instant("when")',
  all_day: 'all_day',
  activity_kind: 'activity_kind',
  done: 'done',
  action: 'action',
  changes: 'changes',
});

export const CALENDAR_EVENT = projection(
  'CalendarEvent',
  {
    id: 'id',
    title: 'title',
    starts_at: 'answer_instant(starts_at)',
    ends_at: 'answer_instant(ends_at)',
    all_day: 'all_day',
    location: 'location',
    salesperson_id: 'salesperson_id',
    notes: 'notes',
    opportunity_id: 'opportunity_id',
    // The linked deal's customer, so a calendar can name (and link) the deal without loading it;
    // a subquery rather than a join so that inserts and updates return it too.
    opportunity_customer:
      '(select o.customer from opportunities o where o.id = calendar_events.opportunity_id and o.tenant_id = calendar_events.tenant_id)',
  },
  'calendar_events',
);

// The salesperson's name and the linked opportunity's customer come along, so the list
// needs no second call. The conditions on tenant_id too keep every row in one tenant even
// if a foreign key were ever loosened. The customer is looked up by the deal's key for
// each row, not joined: most activities link no deal, and a join would leave the planner
// free to hash every opportunity of the tenant for them.
export const ACTIVITY = projection(
  'Activity',
  {
    id: 'a.id',
    kind: 'a.kind',
    subject: 'a.subject',
    due_at: 'answer_instant(a.due_at)',
    duration_minutes: 'a.duration_minutes',
    done: 'a.done',
    salesperson_id: 'a.salesperson_id',
    salesperson_name: 's.name',
    opportunity_id: 'a.opportunity_id',
    customer: '(select o.customer from opportunities o where o.id = a.opportunity_id and o.tenant_id = a.tenant_id)',
    notes: 'a.notes',
    created_at: 'answer_instant(a.created_at)',
  },
  'activities a join salespersons s on s.id = a.salesperson_id and s.tenant_id = a.tenant_id',
);

/** An attachment's metadata: never its content. */
export const ATTACHMENT = projection(
  'Attachment',
  {
    id: 'a.id',
    file_name: 'a.file_name',
    media_type: 'a.media_type',
    size_bytes: 'a.size_bytes',
    sha256: 'a.sha256',
    opportunity_id: 'a.opportunity_id',
    opportunity_customer: 'o.customer',
    uploaded_by: 'a.uploaded_by',
    uploaded_by_name: 'u.name',
    note: 'a.note',
    created_at: 'answer_instant(a.created_at)',
  },
  `attachments a
  join users u on u.id = a.uploaded_by
  left join opportunities o on o.id = a.opportunity_id and o.tenant_id = a.tenant_id`,
);

export const SAVED_VIEW = projection('SavedView', { id: 'id', list: 'list', name: 'name', query: 'query' }, 'saved_views');

/** A hit of the global search, over its ranked union (search.ts). */
export const SEARCH_HIT = projection('SearchHit', { kind: 'kind', id: 'id', title: 'title', detail: 'detail' });

export const TENANT_SETTINGS = projection('TenantSettings', { currency: 'currency', stage_probabilities: 'stage_probabilities' }, 'tenants');
