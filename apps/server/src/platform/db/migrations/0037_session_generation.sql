-- A counter that moves whenever a signed-in caller's standing may have changed: a session ended or
-- refreshed, an account's role or status changed or the account deleted, a membership or an
-- organisation changed. A route that reuses a recent session read (TSessionLookup.recent) writes
-- only while the counter still reads what it read with that session.
CREATE TABLE "auth_generation" (
	"id" boolean PRIMARY KEY DEFAULT true CHECK ("id"),
	"n" bigint NOT NULL DEFAULT 0
);--> statement-breakpoint
INSERT INTO "auth_generation" DEFAULT VALUES;--> statement-breakpoint
CREATE FUNCTION "bump_auth_generation"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "auth_generation" SET "n" = "n" + 1;
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "auth_sessions_bump_generation" AFTER UPDATE OR DELETE ON "auth_sessions"
	FOR EACH STATEMENT EXECUTE FUNCTION "bump_auth_generation"();--> statement-breakpoint
CREATE TRIGGER "users_bump_generation" AFTER UPDATE OF "role", "status" OR DELETE ON "users"
	FOR EACH STATEMENT EXECUTE FUNCTION "bump_auth_generation"();--> statement-breakpoint
CREATE TRIGGER "organization_members_bump_generation" AFTER INSERT OR UPDATE OR DELETE ON "organization_members"
	FOR EACH STATEMENT EXECUTE FUNCTION "bump_auth_generation"();--> statement-breakpoint
CREATE TRIGGER "organizations_bump_generation" AFTER UPDATE OF "name", "type", "status" OR DELETE ON "organizations"
	FOR EACH STATEMENT EXECUTE FUNCTION "bump_auth_generation"();
