-- Each page of marks keeps 15 % of itself free, so that correcting a register (absent made late,
-- a mark saved again) writes the new version of a mark beside the old one on its page: a HOT
-- update, which adds nothing to the table's four indexes. On a full page every corrected mark
-- moved to another page and added an entry to each index (decision 007). Pages written from now
-- on keep the room; the marks already stored stay as they are until their table is rewritten.
ALTER TABLE "attendance_records" SET (fillfactor = 85);
