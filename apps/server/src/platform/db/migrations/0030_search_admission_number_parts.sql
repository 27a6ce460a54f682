-- A learner is found by any part of the admission number, not only its start: "0003" finds DHS-0003,
-- "2026" HM-2026/001, "0012" SC0012. A part starts at the number's start, after a '/' or a '-', and
-- where letters turn to digits or digits to letters; a part of digits with leading zeros is also held
-- without them, so "12" finds SC000012 (and, as a search does while it is typed, every number whose
-- part starts so). The number's characters are [A-Z0-9/-] (ZAdmissionNumber); its key is lower-cased.
-- list-learners.ts says the same of a word this table cannot hold (admissionPattern).
--
-- And an apostrophe in a name, straight or curly, reads as a hyphen (SEARCH_FOLD, db/schema/school.ts:
-- the same two strings), so "almeida" finds D'Almeida and "d’almeida", as a phone types it, too.
CREATE OR REPLACE FUNCTION sekolo_search_fold(name text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT translate(lower(name), 'àáâãäåāăąçćčďèéêëēĕėęěìíîïīĭįłñńňòóôõöøōŏőŕřśšşťùúûüūŭůűųýÿźżž''‘’ʼ', 'aaaaaaaaacccdeeeeeeeeeiiiiiiilnnnooooooooorrssstuuuuuuuuuyyzzz----')
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION sekolo_admission_parts(admission_number text) RETURNS SETOF text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  WITH parts(part) AS (
    SELECT lower(admission_number)
    UNION ALL
    SELECT substr(lower(admission_number), i)
    FROM generate_series(2, length(admission_number)) AS i
    WHERE CASE WHEN substr(admission_number, i, 1) ~ '[0-9]' THEN substr(admission_number, i - 1, 1) !~ '[0-9]'
      WHEN substr(admission_number, i, 1) ~ '[A-Za-z]' THEN substr(admission_number, i - 1, 1) !~ '[A-Za-z]'
      ELSE false END
  )
  SELECT part FROM parts
  UNION ALL
  SELECT ltrim(part, '0') FROM parts WHERE part ~ '^0+[1-9]'
$$;--> statement-breakpoint
-- As in migration 0027, with the admission number's parts (sekolo_admission_parts) where it held the
-- whole number only.
CREATE OR REPLACE FUNCTION sekolo_search_prefixes(last_name text, first_name text, preferred_name text, admission_number text)
RETURNS SETOF text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT DISTINCT left(k.key, n)
  FROM (
    SELECT u.key FROM unnest(ARRAY[sekolo_search_fold(last_name), sekolo_search_fold(first_name),
      sekolo_search_fold(preferred_name)]) AS u(key)
    UNION ALL
    SELECT sekolo_admission_parts(admission_number)
    UNION ALL
    SELECT substr(name.key, i)
    FROM unnest(ARRAY[sekolo_search_fold(last_name), sekolo_search_fold(first_name), sekolo_search_fold(preferred_name)]) AS name(key)
    CROSS JOIN generate_series(2, length(name.key)) AS i
    WHERE substr(name.key, i - 1, 1) IN (' ', '-')
  ) AS k(key)
  CROSS JOIN generate_series(2, 10) AS n
  WHERE length(k.key) >= n
$$;--> statement-breakpoint
-- The learners already there whose admission number has a part besides its start, or whose name has
-- an apostrophe: their rows again.
DELETE FROM learner_search_prefixes WHERE learner_id IN (
  SELECT l.id FROM learners AS l WHERE l.admission_number ~ '[^A-Za-z0-9]|[A-Za-z][0-9]|[0-9][A-Za-z]|^0+[1-9]'
    OR (l.last_name || l.first_name || l.preferred_name) ~ '[''‘’ʼ]'
);--> statement-breakpoint
INSERT INTO learner_search_prefixes
SELECT r.* FROM learners AS l CROSS JOIN LATERAL sekolo_learner_search_rows(l) AS r
WHERE l.admission_number ~ '[^A-Za-z0-9]|[A-Za-z][0-9]|[0-9][A-Za-z]|^0+[1-9]'
  OR (l.last_name || l.first_name || l.preferred_name) ~ '[''‘’ʼ]';
