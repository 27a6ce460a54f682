-- A learner is found by any word of a name, not only its first, and whether or not the search
-- types its accents: "wyk" and "van wyk" find Thabo van Wyk, "merwe" every van der Merwe, "mabuza"
-- Hlongwane-Mabuza, "anel" Anél, "naude" Naudé.
--
-- A name's search key is sekolo_search_fold of it: lower-cased, each accented letter of SEARCH_FOLD
-- (db/schema/school.ts, the same two strings) read as its plain letter. The server folds a search's
-- words the same way (searchFold) before it looks them up.
CREATE OR REPLACE FUNCTION sekolo_search_fold(name text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT translate(lower(name), 'àáâãäåāăąçćčďèéêëēĕėęěìíîïīĭįłñńňòóôõöøōŏőŕřśšşťùúûüūŭůűųýÿźżž', 'aaaaaaaaacccdeeeeeeeeeiiiiiiilnnnooooooooorrssstuuuuuuuuuyyzzz')
$$;--> statement-breakpoint
-- Besides every start of the four keys (migration 0020), a name's rows hold every start of what
-- follows each space or hyphen in it, 2 to 10 characters (SEARCH_PREFIX_MAX). A search word matches
-- a name exactly when the folded name starts with it or has it right after a space or a hyphen,
-- which is what the search's `like` patterns say for a word this table cannot hold
-- (list-learners.ts). The admission number is one key, lower-cased, as before.
CREATE OR REPLACE FUNCTION sekolo_search_prefixes(last_name text, first_name text, preferred_name text, admission_number text)
RETURNS SETOF text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT DISTINCT left(k.key, n)
  FROM (
    SELECT u.key FROM unnest(ARRAY[sekolo_search_fold(last_name), sekolo_search_fold(first_name),
      sekolo_search_fold(preferred_name), lower(admission_number)]) AS u(key)
    UNION ALL
    SELECT substr(name.key, i)
    FROM unnest(ARRAY[sekolo_search_fold(last_name), sekolo_search_fold(first_name), sekolo_search_fold(preferred_name)]) AS name(key)
    CROSS JOIN generate_series(2, length(name.key)) AS i
    WHERE substr(name.key, i - 1, 1) IN (' ', '-')
  ) AS k(key)
  CROSS JOIN generate_series(2, 10) AS n
  WHERE length(k.key) >= n
$$;--> statement-breakpoint
-- The learners already there with a name of more than one word or a letter outside ASCII: their
-- rows again.
DELETE FROM learner_search_prefixes WHERE learner_id IN (
  SELECT l.id FROM learners AS l
  WHERE (l.last_name || l.first_name || l.preferred_name) ~ '[ -]'
    OR octet_length(l.last_name || l.first_name || l.preferred_name) <> char_length(l.last_name || l.first_name || l.preferred_name)
);--> statement-breakpoint
INSERT INTO learner_search_prefixes
SELECT r.* FROM learners AS l CROSS JOIN LATERAL sekolo_learner_search_rows(l) AS r
WHERE (l.last_name || l.first_name || l.preferred_name) ~ '[ -]'
  OR octet_length(l.last_name || l.first_name || l.preferred_name) <> char_length(l.last_name || l.first_name || l.preferred_name);
