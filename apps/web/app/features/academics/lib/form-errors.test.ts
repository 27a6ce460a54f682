import { describe, expect, it } from 'vitest';
import { ZAssignmentCreate } from '@sekolo/shared/schemas/assessment';
import { fieldMessagesOf } from './form-errors';

describe('fieldMessagesOf', () => {
  it('names each field the assignment schema refuses, once', () => {
    const parsed = ZAssignmentCreate.safeParse({
      subjectClassIds: [],
      title: '',
      dueAt: '',
      totalMarks: '0',
      latePolicy: 'accept_late',
    });
    expect(parsed.success).toBe(false);
    const messages = fieldMessagesOf(parsed.error!.issues);
    expect(messages).toEqual({
      subjectClassIds: 'Choose at least one of your subject classes.',
      title: 'Enter the assignment’s title.',
      dueAt: 'Enter the due date and time.',
      totalMarks: 'Enter the total marks, a whole number from 1 to 1 000.',
    });
  });
});
