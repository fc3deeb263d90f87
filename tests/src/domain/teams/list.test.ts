import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { distinctMembers, searchTeams, type TeamWithMembers } from '../../../../src/domain/teams/list.ts';

const people = ['Grace Hopper', 'Alan Turing', 'Ada Lovelace', 'Edsger Dijkstra'];
const teamsArbitrary = fc.uniqueArray(
  fc.record({
    id: fc.integer({ min: 1, max: 1000 }),
    name: fc.constantFrom('Enterprise', 'Inside Sales', 'Mid-Market', 'North'),
    members: fc.uniqueArray(fc.integer({ min: 0, max: people.length - 1 }), { maxLength: 4 }).map((indexes) =>
      indexes.map((index) => ({ id: index + 1, name: people[index]! })),
    ),
  }),
  { selector: (team) => team.id, maxLength: 8 },
);

describe('the teams', () => {
  test.prop([teamsArbitrary, fc.string({ unit: fc.constantFrom(...'aeinrtGT -'), maxLength: 3 })])(
    'a search keeps, whole and in order, exactly the teams whose name or a member name contains the text, ignoring case',
    (teams: TeamWithMembers[], search) => {
      const needle = search.trim().toLowerCase();
      const expected = teams.filter((team) => [team.name, ...team.members.map((member) => member.name)].some((text) => text.toLowerCase().includes(needle)));
      expect(searchTeams(teams, search)).toEqual(expected);
    },
  );

  test('someone in two teams counts once among the salespersons in teams', () => {
    expect(
      distinctMembers([
        { id: 1, name: 'Enterprise', members: [{ id: 7, name: 'Grace Hopper' }, { id: 8, name: 'Alan Turing' }] },
        { id: 2, name: 'North', members: [{ id: 7, name: 'Grace Hopper' }] },
      ]),
    ).toBe(2);
  });
});
