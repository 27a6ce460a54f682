import { describe, expect, it } from 'vitest';
import { hashVerificationIdentifier } from './verification-identifier.ts';

describe('hashVerificationIdentifier', () => {
  it('stores identifiers as Better Auth’s built-in "hashed" option did, so links issued before still open', () => {
    // The value Better Auth 1.7.25's processIdentifier('reset-password:abc', 'hashed') answers, and
    // Python's base64.urlsafe_b64encode(hashlib.sha256(...).digest()) without its padding.
    expect(hashVerificationIdentifier('reset-password:abc')).toBe('IMUqJ3lXuvod79AbI4EdsWmdAkZeIP5syfKs7-d5fQQ');
    // Never the identifier itself, and one digest per identifier.
    expect(hashVerificationIdentifier('reset-password:abd')).not.toBe(hashVerificationIdentifier('reset-password:abc'));
  });
});
