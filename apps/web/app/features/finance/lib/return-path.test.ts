import { describe, expect, it } from 'vitest';
import { PARENT_FINANCE_RETURN_PATH } from '@sekolo/shared/schemas/finance';
import { paths } from '~/config/paths';

describe('the return from paying school fees online', () => {
  it('lands on the parent’s school fees page, which reads the order', () => {
    expect(paths.dashboard.parentFinance).toBe(PARENT_FINANCE_RETURN_PATH);
  });
});
