-- UUID version 7 (RFC 9562): 48 bits of Unix time in milliseconds, then random bits, from
-- gen_random_uuid() with its first six bytes replaced by the time and its version set to 7.
-- PostgreSQL 18 has uuidv7(); 15 to 17 and PGlite do not.
CREATE OR REPLACE FUNCTION sekolo_uuid_v7() RETURNS uuid LANGUAGE sql VOLATILE PARALLEL SAFE AS $$
  SELECT encode(
    set_bit(set_bit(
      overlay(uuid_send(gen_random_uuid())
        placing substring(int8send(floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint) FROM 3)
        FROM 1 FOR 6),
      52, 1), 53, 1),
    'hex')::uuid
$$;--> statement-breakpoint
ALTER TABLE "attendance_records" ALTER COLUMN "id" SET DEFAULT sekolo_uuid_v7();
