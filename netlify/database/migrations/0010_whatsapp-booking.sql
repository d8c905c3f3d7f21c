ALTER TABLE "whatsapp_contacts" ADD COLUMN "lead_booking" jsonb;--> statement-breakpoint
ALTER TABLE "whatsapp_contacts" ADD COLUMN "answering_until" timestamp with time zone;