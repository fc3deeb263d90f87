import { describe, expect, it } from 'vitest';
import { SALES_FLOOR, TEAM } from '../../bench/large-tenant.ts';
import { PGLITE_PEOPLE, POSTGRES_PEOPLE, benchPeople, loadShape } from '../../bench/load-budget.ts';
import { arrivalsOf, type Someone } from '../../bench/people.ts';

const countOf = (people: readonly { someone: Someone }[], role: Someone['role']) => people.filter((p) => p.someone.role === role).length;
/** Of `group`, as many managers as their share of everyone gives, to within one person. */
const expectManagersInProportion = (group: readonly { someone: Someone }[], everyone: readonly { someone: Someone }[]) =>
  expect(Math.abs(countOf(group, 'manager') - (group.length * countOf(everyone, 'manager')) / everyone.length)).toBeLessThanOrEqual(1);

describe.each([
  { tenant: 'a sales floor', people: POSTGRES_PEOPLE, users: SALES_FLOOR.users, managers: 50, arriving: 100 },
  { tenant: 'a team', people: PGLITE_PEOPLE, users: TEAM.users, managers: 3, arriving: 5 },
])("the load budget's people of $tenant", ({ people: count, users, managers, arriving: arrivingCount }) => {
  const people = benchPeople(count, users).map((someone) => ({ someone }));

  it('are that many different people, a tenth of them managers, a fifth arriving', () => {
    expect(people).toHaveLength(count);
    expect(new Set(people.map((p) => p.someone.email)).size).toBe(count);
    expect(countOf(people, 'manager')).toBe(managers);
    expect(loadShape(count).arriving).toBe(arrivingCount);
  });

  it('arrive holding each role in the share it has among all the people', () => {
    const arriving = arrivalsOf(people, arrivingCount);
    expect(arriving).toHaveLength(arrivingCount);
    expect(new Set(arriving).size).toBe(arrivingCount);
    expectManagersInProportion(arriving, people);
  });

  it('leave managers at work when the run starts', () => {
    const arriving = new Set(arrivalsOf(people, arrivingCount));
    const atWork = people.filter((p) => !arriving.has(p));
    expect(countOf(atWork, 'manager')).toBeGreaterThan(0);
    expectManagersInProportion(atWork, people);
  });

  it('arrive as no one, or everyone, at the ends', () => {
    expect(arrivalsOf(people, 0)).toEqual([]);
    expect(new Set(arrivalsOf(people, people.length)).size).toBe(people.length);
  });
});

describe("the load budget's people", () => {
  it('are all users of the tenant, or refused', () => {
    const highest = Math.max(...benchPeople(PGLITE_PEOPLE, TEAM.users).map((p) => Number(/^person(\d+)@/.exec(p.email)![1])));
    expect(highest).toBeLessThanOrEqual(TEAM.users);
    expect(() => benchPeople(POSTGRES_PEOPLE, TEAM.users)).toThrow(/500 people need \d+ users; the tenant has 100/);
  });
});
