-- Open invitations from before 0028, read off the audit log: an account a school invited (a guardian,
-- a staff member or a learner) whose owner has neither chosen a password nor signed in since.
INSERT INTO "account_invitations" ("user_id", "invited_at")
SELECT "users"."id", min("invited"."at")
FROM "users"
JOIN "audit_events" AS "invited"
  ON "invited"."target" = 'user:' || "users"."id"
 AND "invited"."action" IN ('guardian.invited', 'staff.invited', 'learner.account_invited')
WHERE NOT EXISTS (
  SELECT 1 FROM "audit_events" AS "used"
  WHERE "used"."actor_user_id" = "users"."id" AND "used"."action" IN ('auth.password_reset', 'auth.sign_in')
)
GROUP BY "users"."id"
ON CONFLICT ("user_id") DO NOTHING;
