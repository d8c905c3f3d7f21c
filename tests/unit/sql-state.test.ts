import { describe, expect, it } from 'vitest';
import { hasSqlState, SQLSTATE } from '../../src/platform/db/errors';

describe('hasSqlState', () => {
  it('finds the code on the driver error, or on a cause at any depth (Drizzle wraps the driver error)', () => {
    const driver = Object.assign(new Error('duplicate key value violates unique constraint'), { code: '23505' });
    expect(hasSqlState(driver, SQLSTATE.uniqueViolation)).toBe(true);
    const wrapped = new Error('Failed query: insert into "meetings"', { cause: driver });
    expect(hasSqlState(new Error('retry', { cause: wrapped }), SQLSTATE.uniqueViolation)).toBe(true);
  });

  it('answers false for another code, no code, and what is not an error', () => {
    const deadlock = new Error('Failed query', {
      cause: Object.assign(new Error('deadlock detected'), { code: '40P01' }),
    });
    expect(hasSqlState(deadlock, SQLSTATE.uniqueViolation)).toBe(false);
    expect(hasSqlState(deadlock, SQLSTATE.deadlock)).toBe(true);
    expect(hasSqlState(new Error('connection refused'), SQLSTATE.deadlock)).toBe(false);
    expect(hasSqlState(undefined, SQLSTATE.deadlock)).toBe(false);
    expect(hasSqlState('40P01', SQLSTATE.deadlock)).toBe(false);
  });
});
