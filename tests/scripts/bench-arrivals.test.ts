import { describe, expect, it } from 'vitest';
import { benchPeople } from '../../bench/load-budget.ts';
import { arrivalsOf, type Someone } from '../../bench/people.ts';

const countOf = (people: readonly { someone: Someone }[], role: Someone['role']) => people.filter((p) => p.someone.role === role).length;

describe("the load budget's arrivals", () => {
  const people = benchPeople().map((someone) => ({ someone }));

  it('hold each role in the share it has among all the people', () => {
    const arriving = arrivalsOf(people, 100);
    expect(arriving).toHaveLength(100);
    expect(new Set(arriving).size).toBe(100);
    const share = (role: Someone['role']) => countOf(arriving, role) / arriving.length;
    expect(share('manager')).toBeCloseTo(countOf(people, 'manager') / people.length, 2);
    expect(share('salesperson')).toBeCloseTo(countOf(people, 'salesperson') / people.length, 2);
  });

  it('leave managers at work when the run starts', () => {
    const arriving = new Set(arrivalsOf(people, 100));
    const atWork = people.filter((p) => !arriving.has(p));
    expect(countOf(atWork, 'manager')).toBeGreaterThan(0);
    expect(countOf(atWork, 'manager') / atWork.length).toBeCloseTo(countOf(people, 'manager') / people.length, 2);
  });

  it('are no one, or everyone, at the ends', () => {
    expect(arrivalsOf(people, 0)).toEqual([]);
    expect(new Set(arrivalsOf(people, people.length)).size).toBe(people.length);
  });
});
