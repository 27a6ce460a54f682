import { describe, expect, it } from 'vitest';
import { isSealed, openSecret, sealSecret } from './sealed-secret.ts';

const APP_SECRET = 'a'.repeat(40);

describe('sealed secrets', () => {
  it('seals a credential so the stored text does not contain it, and opens it again', () => {
    const sealed = sealSecret('gateway-password-123', APP_SECRET);
    expect(isSealed(sealed)).toBe(true);
    expect(sealed).not.toContain('gateway-password-123');
    expect(openSecret(sealed, APP_SECRET)).toBe('gateway-password-123');
    // A fresh IV each time: the same password does not give the same stored text.
    expect(sealSecret('gateway-password-123', APP_SECRET)).not.toBe(sealed);
  });

  it('refuses a value sealed under another app secret or altered', () => {
    const sealed = sealSecret('gateway-password-123', APP_SECRET);
    expect(() => openSecret(sealed, 'b'.repeat(40))).toThrow();
    const altered = sealed.slice(0, -2) + (sealed.endsWith('A') ? 'BB' : 'AA');
    expect(() => openSecret(altered, APP_SECRET)).toThrow();
  });

  it('keeps no credential empty, and opens a value stored before sealing as itself', () => {
    expect(sealSecret('', APP_SECRET)).toBe('');
    expect(openSecret('stored-in-the-clear', APP_SECRET)).toBe('stored-in-the-clear');
  });
});
