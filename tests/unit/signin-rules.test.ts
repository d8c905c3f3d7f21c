import { describe, expect, it } from 'vitest';
import { USERNAME_DELAY, usernameDelayMs } from '../../src/features/accounts/login-throttle';
import { MIN_PASSWORD_LENGTH, passwordProblem } from '../../src/features/accounts/schema';

describe('the per-username sign-in delay', () => {
  it('is nothing for the first 5 failures, then 250 ms doubling up to 8 s', () => {
    const settings = { ...USERNAME_DELAY, unitMs: 250, maxMs: 8000 };
    expect(Array.from({ length: 12 }, (_, failures) => usernameDelayMs(failures, settings))).toEqual([
      0, 0, 0, 0, 0, 250, 500, 1000, 2000, 4000, 8000, 8000,
    ]);
    expect(usernameDelayMs(1_000_000, settings)).toBe(8000);
  });
});

describe('password rules', () => {
  it('refuse fewer than 12 characters, counted as characters rather than bytes', () => {
    expect(MIN_PASSWORD_LENGTH).toBe(12);
    expect(passwordProblem('x'.repeat(11))).toBe('A password must be at least 12 characters (this one has 11)');
    expect(passwordProblem('x'.repeat(12))).toBeNull();
    // 11 emoji are 22 UTF-16 units and 44 bytes, but 11 characters.
    expect(passwordProblem('🔑'.repeat(11))).toMatch(/at least 12/);
    expect(passwordProblem('contraseña ñ')).toBeNull();
  });

  it('refuse more than 1 KB, which sign-in would never accept', () => {
    expect(passwordProblem('x'.repeat(1024))).toBeNull();
    expect(passwordProblem('x'.repeat(1025))).toMatch(/at most 1024 bytes/);
  });
});
