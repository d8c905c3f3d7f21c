import { describe, expect, it } from 'vitest';
import { ID_PATTERN, idTime, isId, newId, newToken, tokenHash } from '../../src/platform/ids';

describe('ids', () => {
  it('are unique and sort in creation order, even within one millisecond', () => {
    const ids = Array.from({ length: 5000 }, () => newId(1_700_000_000_000));
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(ids);
    const later = newId(1_700_000_000_001);
    expect(later > ids[ids.length - 1]!).toBe(true);
  });

  it('sort by time across milliseconds', () => {
    const a = newId(Date.parse('2024-01-01'));
    const b = newId(Date.parse('2025-01-01'));
    expect(a < b).toBe(true);
    expect(ID_PATTERN.test(a)).toBe(true);
  });

  it('keep a time well before the last id: records dated in the past (imports, the retention tests)', () => {
    const now = newId(Date.parse('2026-06-01'));
    const past = Date.parse('2025-03-01T10:00:00Z');
    const old = newId(past);
    expect(idTime(old)).toBe(past);
    expect(old < now).toBe(true);
    // Within a minute of the last id, a clock stepping back still gets ids after it.
    expect(newId(Date.parse('2026-06-01') - 1000) > now).toBe(true);
  });

  it('refuse anything that is not an id', () => {
    for (const hostile of [
      '',
      'index',
      '../index',
      'items/01jd',
      '01JD0000000000000000000000',
      `${newId()}x`,
      '01jd00000000000000000000u0',
    ]) {
      expect(isId(hostile)).toBe(false);
    }
  });
});

describe('link tokens', () => {
  it('makes 256-bit URL-safe tokens, each new, stored as their SHA-256', () => {
    const tokens = new Set(Array.from({ length: 100 }, () => newToken()));
    expect(tokens.size).toBe(100);
    for (const token of tokens) expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(tokenHash('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});
