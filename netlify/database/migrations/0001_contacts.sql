ALTER TABLE "contact_messages" ADD COLUMN "read_at" timestamp with time zone;--> statement-breakpoint
-- Leads a partner already changed or answered were read then; the others start unread.
UPDATE "contact_messages" SET "read_at" = "updated_at" WHERE "updated_at" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "phone_key" text GENERATED ALWAYS AS (CASE
    WHEN regexp_replace("contact_messages"."phone", '[[:space:]()./-]', '', 'g') ~ '^[+][1-9][0-9]{6,14}$' THEN regexp_replace("contact_messages"."phone", '[[:space:]()./-]', '', 'g')
    WHEN regexp_replace("contact_messages"."phone", '[[:space:]()./-]', '', 'g') ~ '^00[1-9][0-9]{6,14}$' THEN '+' || substr(regexp_replace("contact_messages"."phone", '[[:space:]()./-]', '', 'g'), 3)
    WHEN regexp_replace("contact_messages"."phone", '[[:space:]()./-]', '', 'g') ~ '^[6-9][0-9]{8}$' THEN '+34' || regexp_replace("contact_messages"."phone", '[[:space:]()./-]', '', 'g')
    WHEN regexp_replace("contact_messages"."phone", '[[:space:]()./-]', '', 'g') ~ '^[0-9]{7,15}$' THEN regexp_replace("contact_messages"."phone", '[[:space:]()./-]', '', 'g')
    ELSE NULL END) STORED;--> statement-breakpoint
CREATE INDEX "contact_messages_phone_key" ON "contact_messages" USING btree ("phone_key","created_at");--> statement-breakpoint
CREATE INDEX "contact_messages_unread" ON "contact_messages" USING btree ("created_at") WHERE "contact_messages"."read_at" IS NULL;