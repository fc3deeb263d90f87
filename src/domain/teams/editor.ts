import type { Salesperson, TeamWrite } from '../../api/client';
import { RECORD_LIMITS, teamWriteProblems, type Problem } from '../rules/index.ts';
import type { TeamWithMembers } from './list.ts';

/** The Add and Edit Team form: the name as typed, and the chosen salespersons' ids. */
export interface TeamForm {
  name: string;
  memberIds: readonly number[];
}

/** Who can be chosen: every salesperson of the tenant, by name. */
export interface TeamChoices {
  salespersons: readonly Pick<Salesperson, 'id' | 'name'>[];
}

export const MAX_TEAM_NAME_LENGTH = RECORD_LIMITS.teamName;
/** The contract's limit on one team's members (TeamWrite.memberIds). */
export const MAX_TEAM_MEMBERS = RECORD_LIMITS.teamMembers;

export const TEAM_SAVED_MESSAGES = {
  created: 'Team created successfully',
  updated: 'Team updated successfully',
} as const;

export type TeamField = keyof TeamForm;

/** The form's fields in the order the screen shows them. */
export const TEAM_FIELDS: readonly TeamField[] = ['name', 'memberIds'];

export const BLANK_TEAM_FORM: TeamForm = { name: '', memberIds: [] };

/** The form of a stored team. */
export function teamFormOf(team: TeamWithMembers): TeamForm {
  return { name: team.name, memberIds: team.members.map((member) => member.id) };
}

/** Every problem of the form at once; the server checks the body with the same rules. */
export function teamProblems(form: TeamForm): Problem<TeamField>[] {
  return teamWriteProblems(teamWriteOf(form));
}

/** The body of POST /api/teams and PUT /api/teams/{id}: the name trimmed, each member once. */
export function teamWriteOf(form: TeamForm): TeamWrite {
  return { name: form.name.trim(), memberIds: [...new Set(form.memberIds)] };
}

/** The members after ticking (or unticking) one salesperson, in the order they were chosen. */
export function withMember(memberIds: readonly number[], salespersonId: number, chosen: boolean): readonly number[] {
  const others = memberIds.filter((id) => id !== salespersonId);
  return chosen ? [...others, salespersonId] : others;
}

/** The salespersons whose name contains the search text, ignoring case and surrounding spaces. */
export function salespersonsMatching<T extends { name: string }>(salespersons: readonly T[], search: string): readonly T[] {
  const needle = search.trim().toLowerCase();
  if (needle === '') return salespersons;
  return salespersons.filter((salesperson) => salesperson.name.toLowerCase().includes(needle));
}

/** 'No members chosen', '1 member chosen', '3 members chosen'. */
export function chosenCountText(count: number): string {
  if (count === 0) return 'No members chosen';
  return count === 1 ? '1 member chosen' : `${count} members chosen`;
}
