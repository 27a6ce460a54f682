-- One mark a learner a day, kept by the school's day (decision 007): the unique key of the marks
-- is (school, date, learner) instead of (learner, date), and it serves what (school, date) served.
-- A register saved today then writes its learners' entries into the few pages of today's range,
-- already in memory, instead of one page a learner spread over the whole index, and each mark has
-- three indexes to enter instead of four. A learner belongs to one school, so what is unique is
-- the same. The new key is built before the old one goes, so a day is never without it.
CREATE UNIQUE INDEX "attendance_records_org_date_learner_key" ON "attendance_records" USING btree ("organization_id","date","learner_id");--> statement-breakpoint
DROP INDEX "attendance_records_learner_date_key";--> statement-breakpoint
DROP INDEX "attendance_records_org_date_idx";
