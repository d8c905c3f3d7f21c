ALTER TABLE "users" ADD COLUMN "display_name" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "title" text;--> statement-breakpoint
CREATE INDEX "contact_messages_session" ON "contact_messages" USING btree ("session_id") WHERE "contact_messages"."session_id" IS NOT NULL;