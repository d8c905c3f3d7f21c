import { describe, expect, it } from 'vitest';
import { sameSecret } from '../../src/platform/secrets';

describe('sameSecret: one constant-time comparison for every secret the site checks', () => {
  it('is true only for the same bytes, whatever their length or script', () => {
    expect(sameSecret('verify-token', 'verify-token')).toBe(true);
    expect(sameSecret('verify-token', 'verify-tokem')).toBe(false);
    expect(sameSecret('verify-token', 'verify-token-longer')).toBe(false);
    expect(sameSecret('', 'x')).toBe(false);
    expect(sameSecret('contraseña', 'contraseña')).toBe(true);
    expect(sameSecret('contraseña', 'contrasena')).toBe(false);
    expect(sameSecret(Buffer.from('ab', 'hex'), Buffer.from('ab', 'hex'))).toBe(true);
    expect(sameSecret(Buffer.from('ab', 'hex'), 'ab')).toBe(false);
  });
});
