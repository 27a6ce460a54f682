import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { absenceMail, absenceMailTemplates, fillAbsenceMail, type TAbsenceMailValues } from './absence-notice.ts';

/**
 * The register save writes each absence e-mail in SQL, from templates of absenceMail
 * (register.ts): what it writes must be what absenceMail writes, byte for byte, whatever the school's
 * name, the names and the reason hold (HTML's special characters, line breaks, the slots' own names).
 */
describe('the absence e-mail filled in by the register save', () => {
  let db: PGlite;
  const dialect = new PgDialect();
  beforeAll(async () => {
    db = await PGlite.create();
  });
  afterAll(async () => {
    await db.close();
  });

  async function filledInSql(school: { schoolName: string; publicUrl: string }, date: string, v: TAbsenceMailValues) {
    const templates = absenceMailTemplates(school.publicUrl, date);
    const values = {
      school: sql`${school.schoolName}::text`,
      guardian: sql`${v.guardianFirstName}::text`,
      child: sql`${v.child}::text`,
      reason: sql`${v.reason}::text`,
    };
    const fill = (template: keyof typeof templates, html: boolean) =>
      fillAbsenceMail(sql`${templates[template]}::text`, values, html);
    const query = dialect.sqlToQuery(
      sql`select ${fill('subject', false)} as subject,
        ${v.reason ? fill('text', false) : fill('textWithoutReason', false)} as text,
        ${v.reason ? fill('html', true) : fill('htmlWithoutReason', true)} as html`,
    );
    return (await db.query<{ subject: string; text: string; html: string }>(query.sql, query.params)).rows[0];
  }

  // Any text PostgreSQL can store: no NUL.
  const text = fc.string({ unit: 'grapheme', maxLength: 12 }).map((s) => s.replace(/\0/g, ''));
  const tricky = fc.constantFrom(
    '',
    'guardian',
    'child',
    'reason',
    'school',
    '<b>O\'Neil & "Sons"</b>',
    'line\nbreak',
    '&amp;',
    '😀 Zoë',
    '100% %s %1$s',
  );

  it('is what absenceMail writes, for any names and reason', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          schoolName: fc.oneof(text, tricky),
          guardianFirstName: fc.oneof(text, tricky),
          child: fc.oneof(text, tricky),
          reason: fc.oneof(text, tricky),
          // A link with a % in it: the templates' own text is a format string (fillAbsenceMail).
          publicUrl: fc.constantFrom(
            'https://sekolo.example',
            'https://sekolo.example/sch%C3%B6l%',
            'https://x.test/%1$s',
          ),
        }),
        async ({ schoolName, publicUrl, ...values }) => {
          const school = { schoolName, publicUrl };
          expect(await filledInSql(school, '2026-03-04', values)).toEqual(absenceMail(school, '2026-03-04', values));
        },
      ),
      { numRuns: 150 },
    );
  });

  it('writes the reason paragraph only when there is a reason, and escapes what the HTML repeats', async () => {
    const school = { schoolName: "St. Mary's <Roll Call> Primary", publicUrl: 'https://sekolo.example' };
    const mail = await filledInSql(school, '2026-03-04', {
      guardianFirstName: 'Thandi',
      child: 'Amy <Zulu>',
      reason: 'Sick & "tired"',
    });
    expect(mail!.subject).toBe('Amy <Zulu> was marked absent on Wednesday, 4 March 2026');
    expect(mail!.text).toContain('Reason recorded: Sick & "tired"');
    expect(mail!.html).toContain('Reason recorded: Sick &amp; &quot;tired&quot;');
    expect(mail!.html).toContain('marked Amy &lt;Zulu&gt; absent');
    expect(mail!.text).toContain("St. Mary's <Roll Call> Primary marked Amy <Zulu> absent");
    expect(mail!.html).toContain('St. Mary&#39;s &lt;Roll Call&gt; Primary marked');
    const none = await filledInSql(school, '2026-03-04', {
      guardianFirstName: 'Thandi',
      child: 'Amy Zulu',
      reason: '',
    });
    expect(none!.text).not.toContain('Reason recorded');
    expect(none!.html).not.toContain('Reason recorded');
  });
});
