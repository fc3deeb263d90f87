import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import {
  BLANK_TEAM_FORM,
  chosenCountText,
  MAX_TEAM_MEMBERS,
  salespersonsMatching,
  teamFormOf,
  teamProblems,
  teamWriteOf,
  withMember,
} from '../../../../src/domain/teams/editor';
import { TEAM_MESSAGES } from '../../../../src/domain/rules/records.ts';

const teamProblem = (form: Parameters<typeof teamProblems>[0]) => teamProblems(form)[0]?.message ?? null;

const idArbitrary = fc.integer({ min: 1, max: 2_147_483_647 });
// A stored team: a trimmed name of 1 to 100 characters and members each once (the database's rules).
const storedTeamArbitrary = fc.record({
  id: idArbitrary,
  name: fc.string({ minLength: 1, maxLength: 100 }).filter((name) => name.trim() === name && name !== ''),
  members: fc.uniqueArray(fc.record({ id: idArbitrary, name: fc.string({ maxLength: 20 }) }), { selector: (member) => member.id, maxLength: 30 }),
});

describe('team form validation', () => {
  test('a name is required: empty or only spaces', () => {
    expect(teamProblem(BLANK_TEAM_FORM)).toBe('Name is required.');
    expect(teamProblem({ name: '   ', memberIds: [1] })).toBe('Name is required.');
  });

  test('a name of at most 100 characters once trimmed', () => {
    expect(teamProblem({ name: `  ${'x'.repeat(100)}  `, memberIds: [] })).toBeNull();
    expect(teamProblem({ name: 'x'.repeat(101), memberIds: [] })).toBe('Name must be at most 100 characters.');
  });

  test('at most 500 members, and none at all is allowed', () => {
    expect(teamProblem({ name: 'Bench', memberIds: [] })).toBeNull();
    const ids = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
    expect(teamProblem({ name: 'Everyone', memberIds: ids(MAX_TEAM_MEMBERS) })).toBeNull();
    expect(teamProblem({ name: 'Everyone', memberIds: ids(MAX_TEAM_MEMBERS + 1) })).toBe(TEAM_MESSAGES.tooManyMembers);
  });

  test.prop([storedTeamArbitrary])('every stored team opens as a form that can be saved unchanged', (team) => {
    const form = teamFormOf(team);
    expect(teamProblem(form)).toBeNull();
    expect(teamWriteOf(form)).toEqual({ name: team.name, memberIds: team.members.map((member) => member.id) });
  });
});

describe('the body sent', () => {
  test('trims the name and sends each member once', () => {
    expect(teamWriteOf({ name: '  Key Accounts ', memberIds: [4, 2, 4] })).toEqual({ name: 'Key Accounts', memberIds: [4, 2] });
  });
});

describe('choosing members', () => {
  test.prop([fc.uniqueArray(fc.integer({ min: 1, max: 40 })), fc.integer({ min: 1, max: 40 }), fc.boolean()])(
    'ticking a salesperson makes them a member once, unticking removes them, the others stay in order',
    (memberIds, id, chosen) => {
      const next = withMember(memberIds, id, chosen);
      expect(next.includes(id)).toBe(chosen);
      expect(new Set(next).size).toBe(next.length);
      expect(next.filter((other) => other !== id)).toEqual(memberIds.filter((other) => other !== id));
    },
  );

  test.prop([fc.array(fc.record({ id: idArbitrary, name: fc.string({ maxLength: 12 }) }), { maxLength: 20 }), fc.string({ maxLength: 4 })])(
    'the checklist search keeps exactly the salespersons whose name contains the text, in their order, ignoring case',
    (salespersons, search) => {
      const needle = search.trim().toLowerCase();
      const expected = salespersons.filter((salesperson) => needle === '' || salesperson.name.toLowerCase().indexOf(needle) >= 0);
      expect(salespersonsMatching(salespersons, search)).toEqual(expected);
    },
  );

  test('finds a salesperson by part of the name in any case', () => {
    const people = [
      { id: 1, name: 'Ada Lovelace' },
      { id: 2, name: 'Grace Hopper' },
    ];
    expect(salespersonsMatching(people, ' HOP ')).toEqual([people[1]]);
  });

  test('says how many are chosen', () => {
    expect([0, 1, 2].map(chosenCountText)).toEqual(['No members chosen', '1 member chosen', '2 members chosen']);
  });
});
