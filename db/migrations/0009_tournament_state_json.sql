-- The snapshot is written and read whole, never queried inside: json stores the text as
-- given, skipping jsonb's parse on write and its conversion back to text on read.
ALTER TABLE "tournaments" ALTER COLUMN "state" SET DATA TYPE json USING "state"::json;
