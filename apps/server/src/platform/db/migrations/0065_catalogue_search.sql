-- The catalogue at scale (issue 40, D21: 100 000 listings): the search reads indexes, not every row.
-- The words of the catalogue (lower-cased words of each listing's title, sub-category and
-- description, as the 'simple' text-search parser splits them; 3 to 40 characters with a letter),
-- against which the search corrects a mistyped word by trigram similarity before its full-text
-- match. Filled from the listings themselves (a statement trigger on insert, a row trigger when a
-- listing's words change); a word is never removed (a correction to a word no published listing
-- holds finds nothing, as the mistyped word would have).
CREATE TABLE "listing_words" (
  "word" text COLLATE "C" PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE FUNCTION "listing_words_of_new_listings"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- In word order, so two transactions adding the same new words never wait on each other in turn.
  INSERT INTO "listing_words" ("word")
    SELECT DISTINCT w.lexeme FROM "new_listings" l,
      unnest(to_tsvector('simple', l."title" || ' ' || l."subcategory" || ' ' || l."description")) w
    WHERE w.lexeme ~ '[[:alpha:]]' AND length(w.lexeme) BETWEEN 3 AND 40
    ORDER BY 1
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "listings_words_insert" AFTER INSERT ON "listings"
  REFERENCING NEW TABLE AS "new_listings" FOR EACH STATEMENT EXECUTE FUNCTION "listing_words_of_new_listings"();
--> statement-breakpoint
CREATE FUNCTION "listing_words_of_changed_listing"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "listing_words" ("word")
    SELECT DISTINCT w.lexeme
    FROM unnest(to_tsvector('simple', NEW."title" || ' ' || NEW."subcategory" || ' ' || NEW."description")) w
    WHERE w.lexeme ~ '[[:alpha:]]' AND length(w.lexeme) BETWEEN 3 AND 40
    ORDER BY 1
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "listings_words_update" AFTER UPDATE OF "title", "subcategory", "description" ON "listings"
  FOR EACH ROW WHEN (OLD."title" IS DISTINCT FROM NEW."title" OR OLD."subcategory" IS DISTINCT FROM NEW."subcategory"
    OR OLD."description" IS DISTINCT FROM NEW."description")
  EXECUTE FUNCTION "listing_words_of_changed_listing"();
--> statement-breakpoint
INSERT INTO "listing_words" ("word")
  SELECT DISTINCT w.lexeme FROM "listings" l,
    unnest(to_tsvector('simple', l."title" || ' ' || l."subcategory" || ' ' || l."description")) w
  WHERE w.lexeme ~ '[[:alpha:]]' AND length(w.lexeme) BETWEEN 3 AND 40
  ORDER BY 1
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- The nearest word by trigrams (ORDER BY word <-> 'calclator' LIMIT 1) is a GiST walk. The title's
-- trigram index served the old per-row word_similarity search, which no statement asks any more.
DO $$ BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    EXECUTE 'CREATE INDEX "listing_words_trgm_idx" ON "listing_words" USING gist ("word" gist_trgm_ops)';
  END IF;
END $$;
--> statement-breakpoint
DROP INDEX IF EXISTS "listings_title_trgm_idx";
--> statement-breakpoint
-- The full-text index without a pending list: every search reads the index as it is, rather than
-- an unsorted list of recent entries too (a catalogue is read far more than written).
ALTER INDEX "listings_search_idx" SET (fastupdate = off);
--> statement-breakpoint
SELECT gin_clean_pending_list('listings_search_idx');
--> statement-breakpoint
-- The sorts walked in order on a page of a broad search, over the whole catalogue and within a
-- section: newest first, best rated (the catalogue's rating sort, the same expression) and by price
-- (the whole catalogue's price and a section's newest exist since 0041).
CREATE INDEX "listings_newest_idx" ON "listings" ("published_at" DESC, "id") WHERE "status" = 'published';
--> statement-breakpoint
CREATE INDEX "listings_rating_idx" ON "listings" (
  (CASE WHEN "rating_count" > 0 THEN "rating_sum"::float / "rating_count" END) DESC NULLS LAST, "rating_count" DESC, "id"
) WHERE "status" = 'published';
--> statement-breakpoint
CREATE INDEX "listings_section_rating_idx" ON "listings" (
  "category", (CASE WHEN "rating_count" > 0 THEN "rating_sum"::float / "rating_count" END) DESC NULLS LAST, "rating_count" DESC, "id"
) WHERE "status" = 'published';
--> statement-breakpoint
CREATE INDEX "listings_section_price_idx" ON "listings" ("category", "price_cents", "id") WHERE "status" = 'published';
