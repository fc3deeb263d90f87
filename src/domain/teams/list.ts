import type { Schemas } from '../../api/client';

export type TeamWithMembers = Schemas['TeamWithMembers'];

/**
 * The teams whose name or any member's name contains the search text, ignoring
 * case, in their order; each keeps all its members, so a team is always seen whole.
 */
export function searchTeams(teams: readonly TeamWithMembers[], search: string): readonly TeamWithMembers[] {
  const needle = search.trim().toLowerCase();
  if (needle === '') return teams;
  return teams.filter(
    (team) => team.name.toLowerCase().includes(needle) || team.members.some((member) => member.name.toLowerCase().includes(needle)),
  );
}

/** How many different salespersons the teams hold: someone in two teams counts once. */
export function distinctMembers(teams: readonly TeamWithMembers[]): number {
  return new Set(teams.flatMap((team) => team.members.map((member) => member.id))).size;
}
