ALTER TABLE "conversations" DROP CONSTRAINT "conversations_lead_step";--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "lead_booking" jsonb;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_lead_step" CHECK ("conversations"."lead_step" IN ('consent', 'name', 'email', 'company', 'slot', 'topic'));