import { describe, expect, it } from 'vitest';
import { ID_PATTERN, isId, newId } from '../../src/lib/ids';

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
