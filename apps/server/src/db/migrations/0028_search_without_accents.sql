-- A name is found whether or not the search types its accents: "anel" finds Anél, "naude" Naudé,
-- "zoe" Zoë. A name's search key is now sekolo_search_fold of it: lower-cased, each accented letter
-- of SEARCH_FOLD (db/schema/school.ts, the same two strings) read as its plain letter. The server
-- folds a search's words the same way (searchFold) before it looks them up.
CREATE OR REPLACE FUNCTION sekolo_search_fold(name text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT translate(lower(name), 'àáâãäåāăąçćčďèéêëēĕėęěìíîïīĭįłñńňòóôõöøōŏőŕřśšşťùúûüūŭůűųýÿźżž', 'aaaaaaaaacccdeeeeeeeeeiiiiiiilnnnooooooooorrssstuuuuuuuuuyyzzz')
$$;--> statement-breakpoint
-- Migration 0027's prefixes, of the folded names.
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
-- The learners already there with a letter outside ASCII in a name: their rows again.
DELETE FROM learner_search_prefixes WHERE learner_id IN (
  SELECT l.id FROM learners AS l
  WHERE octet_length(l.last_name || l.first_name || l.preferred_name) <> char_length(l.last_name || l.first_name || l.preferred_name)
);--> statement-breakpoint
INSERT INTO learner_search_prefixes
SELECT r.* FROM learners AS l CROSS JOIN LATERAL sekolo_learner_search_rows(l) AS r
WHERE octet_length(l.last_name || l.first_name || l.preferred_name) <> char_length(l.last_name || l.first_name || l.preferred_name);
