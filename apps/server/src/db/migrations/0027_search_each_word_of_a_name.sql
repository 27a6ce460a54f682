-- A learner is found by any word of a name, not only by its first: "wyk" and "van wyk" find
-- Thabo van Wyk, "merwe" finds every van der Merwe, "mabuza" finds Hlongwane-Mabuza. Besides every
-- start of the four keys (migration 0020), a name's rows hold every start of what follows each
-- space or hyphen in it, 2 to 10 characters (SEARCH_PREFIX_MAX in db/schema/school.ts). A search
-- word matches a name exactly when the name starts with it or has it right after a space or a
-- hyphen, which is what the search's `like` patterns say for a word this table cannot hold
-- (list-learners.ts). The admission number is one key, as before.
CREATE OR REPLACE FUNCTION sekolo_search_prefixes(last_name text, first_name text, preferred_name text, admission_number text)
RETURNS SETOF text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT DISTINCT left(k.key, n)
  FROM (
    SELECT u.key FROM unnest(ARRAY[lower(last_name), lower(first_name), lower(preferred_name), lower(admission_number)]) AS u(key)
    UNION ALL
    SELECT substr(name.key, i)
    FROM unnest(ARRAY[lower(last_name), lower(first_name), lower(preferred_name)]) AS name(key)
    CROSS JOIN generate_series(2, length(name.key)) AS i
    WHERE substr(name.key, i - 1, 1) IN (' ', '-')
  ) AS k(key)
  CROSS JOIN generate_series(2, 10) AS n
  WHERE length(k.key) >= n
$$;--> statement-breakpoint
-- The learners already there whose names have more than one word: their new rows.
INSERT INTO learner_search_prefixes
SELECT r.* FROM learners AS l CROSS JOIN LATERAL sekolo_learner_search_rows(l) AS r
WHERE l.last_name ~ '[ -]' OR l.first_name ~ '[ -]' OR l.preferred_name ~ '[ -]'
ON CONFLICT (learner_id, prefix) DO NOTHING;
