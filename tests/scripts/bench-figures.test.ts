import { describe, expect, it } from 'vitest';
import { percentile } from '../../bench/figures.ts';

describe("the bench's percentile", () => {
  const hundred = Array.from({ length: 100 }, (_, i) => 100 - i);

  it('is the nearest rank: the 95th of 1…100 is 95, the 99th 99', () => {
    expect(percentile(hundred, 0.95)).toBe(95);
    expect(percentile(hundred, 0.99)).toBe(99);
    expect(percentile([7], 0.5)).toBe(7);
  });

  // The global search's figure once passed 95 and so printed its slowest search as its p95.
  it('refuses a percent given for a fraction instead of answering the largest value', () => {
    expect(() => percentile(hundred, 95)).toThrow(RangeError);
    expect(() => percentile(hundred, 0)).toThrow(RangeError);
  });
});
