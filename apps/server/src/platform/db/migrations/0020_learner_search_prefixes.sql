CREATE TABLE "learner_search_prefixes" (
	"learner_id" uuid NOT NULL,
	"organization_id" uuid NOT NULL,
	"archived" boolean NOT NULL,
	"prefix" text NOT NULL,
	"last_name" text NOT NULL,
	"first_name" text NOT NULL,
	"grade" smallint NOT NULL,
	"admission_number" text NOT NULL,
	CONSTRAINT "learner_search_prefixes_learner_id_prefix_pk" PRIMARY KEY("learner_id","prefix")
);
--> statement-breakpoint
ALTER TABLE "learner_search_prefixes" ADD CONSTRAINT "learner_search_prefixes_learner_id_learners_id_fk" FOREIGN KEY ("learner_id") REFERENCES "public"."learners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "learner_search_prefixes_name_idx" ON "learner_search_prefixes" USING btree ("organization_id","archived","prefix","last_name","first_name","learner_id");--> statement-breakpoint
CREATE INDEX "learner_search_prefixes_grade_idx" ON "learner_search_prefixes" USING btree ("organization_id","archived","prefix","grade","last_name","first_name","learner_id");--> statement-breakpoint
CREATE INDEX "learner_search_prefixes_admission_idx" ON "learner_search_prefixes" USING btree ("organization_id","archived","prefix","admission_number","learner_id");--> statement-breakpoint
-- Every start of a learner's search keys, 2 to 10 characters (SEARCH_PREFIX_MAX in
-- db/schema/school.ts): the lower-cased surname, first name, preferred name and admission number,
-- each start once.
CREATE OR REPLACE FUNCTION sekolo_search_prefixes(last_name text, first_name text, preferred_name text, admission_number text)
RETURNS SETOF text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT DISTINCT left(k.key, n)
  FROM unnest(ARRAY[lower(last_name), lower(first_name), lower(preferred_name), lower(admission_number)]) AS k(key)
  CROSS JOIN generate_series(2, 10) AS n
  WHERE length(k.key) >= n
$$;--> statement-breakpoint
-- A learner's rows of learner_search_prefixes, in the table's column order: what the triggers below
-- and the filling of the learners already there each insert.
CREATE OR REPLACE FUNCTION sekolo_learner_search_rows(l learners) RETURNS SETOF learner_search_prefixes
LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT l.id, l.organization_id, l.archived_at IS NOT NULL, p.prefix, l.last_name, l.first_name, l.grade, l.admission_number
  FROM sekolo_search_prefixes(l.last_name, l.first_name, l.preferred_name, l.admission_number) AS p(prefix)
$$;--> statement-breakpoint
-- Learners inserted, however many in one statement (a CSV import, a seed): their prefixes in one insert.
CREATE OR REPLACE FUNCTION sekolo_learners_search_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO learner_search_prefixes
  SELECT r.* FROM inserted_learners AS l CROSS JOIN LATERAL sekolo_learner_search_rows(l) AS r;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER learners_search_prefixes_insert AFTER INSERT ON learners
  REFERENCING NEW TABLE AS inserted_learners
  FOR EACH STATEMENT EXECUTE FUNCTION sekolo_learners_search_insert();--> statement-breakpoint
-- A learner whose search keys or sort columns changed (a rename, a new grade, archived or restored):
-- their rows again.
CREATE OR REPLACE FUNCTION sekolo_learners_search_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM learner_search_prefixes WHERE learner_id = OLD.id;
  INSERT INTO learner_search_prefixes SELECT * FROM sekolo_learner_search_rows(NEW);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER learners_search_prefixes_update
  AFTER UPDATE OF organization_id, last_name, first_name, preferred_name, admission_number, grade, archived_at ON learners
  FOR EACH ROW
  WHEN ((OLD.organization_id, OLD.last_name, OLD.first_name, OLD.preferred_name, OLD.admission_number, OLD.grade, OLD.archived_at IS NULL)
    IS DISTINCT FROM (NEW.organization_id, NEW.last_name, NEW.first_name, NEW.preferred_name, NEW.admission_number, NEW.grade, NEW.archived_at IS NULL))
  EXECUTE FUNCTION sekolo_learners_search_update();--> statement-breakpoint
-- The learners already there.
INSERT INTO learner_search_prefixes
SELECT r.* FROM learners AS l CROSS JOIN LATERAL sekolo_learner_search_rows(l) AS r;
