import { searchTeams, type TeamWithMembers } from '../domain/teams/list.ts';
import { browserListMachine } from './browser-list.ts';

export type TeamSortKey = 'name' | 'members';

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/**
 * The team list (/team): the tenant's teams with their members, loaded once per
 * visit, searchable by team or member name, sortable by name or size, paged by ten;
 * the address keeps what it shows. A tenant without teams is its own state.
 */
export const teamListMachine = browserListMachine<TeamWithMembers, TeamSortKey>({
  id: 'teamList',
  sortKeys: ['name', 'members'],
  defaultSort: { key: 'name', direction: 'ascending' },
  compare: (key) => (key === 'members' ? (a, b) => a.members.length - b.members.length : (a, b) => collator.compare(a.name, b.name)),
  matches: (team, needle) => searchTeams([team], needle).length > 0,
});
