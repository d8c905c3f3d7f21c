CREATE TABLE "whatsapp_contacts" (
	"id" text PRIMARY KEY NOT NULL,
	"phone" text,
	"name" text,
	"language" text NOT NULL,
	"started" timestamp with time zone NOT NULL,
	"last_inbound_at" timestamp with time zone NOT NULL,
	"last_activity" timestamp with time zone NOT NULL,
	"stopped_at" timestamp with time zone,
	"disclosed_at" timestamp with time zone,
	"lead_step" text,
	"lead_consent" boolean DEFAULT false NOT NULL,
	"lead_name" text,
	"lead_email" text,
	CONSTRAINT "whatsapp_contacts_language" CHECK ("whatsapp_contacts"."language" IN ('en', 'es')),
	CONSTRAINT "whatsapp_contacts_lead_step" CHECK ("whatsapp_contacts"."lead_step" IN ('consent', 'name', 'email', 'company', 'slot', 'topic'))
);
--> statement-breakpoint
CREATE TABLE "whatsapp_messages" (
	"wamid" text PRIMARY KEY NOT NULL,
	"contact_id" text NOT NULL,
	"direction" text NOT NULL,
	"type" text NOT NULL,
	"body" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"status_at" timestamp with time zone,
	"note" text,
	"in_reply_to" text,
	CONSTRAINT "whatsapp_messages_direction" CHECK ("whatsapp_messages"."direction" IN ('in', 'out')),
	CONSTRAINT "whatsapp_messages_status" CHECK ("whatsapp_messages"."status" IN ('received', 'sent', 'delivered', 'read', 'failed', 'not-sent'))
);
--> statement-breakpoint
ALTER TABLE "contact_messages" DROP CONSTRAINT "contact_messages_source";--> statement-breakpoint
ALTER TABLE "whatsapp_messages" ADD CONSTRAINT "whatsapp_messages_contact" FOREIGN KEY ("contact_id") REFERENCES "public"."whatsapp_contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "whatsapp_contacts_by_start" ON "whatsapp_contacts" USING btree ("started","id");--> statement-breakpoint
CREATE INDEX "whatsapp_contacts_by_activity" ON "whatsapp_contacts" USING btree ("last_activity","id");--> statement-breakpoint
CREATE INDEX "whatsapp_contacts_by_lead_email" ON "whatsapp_contacts" USING btree (lower("lead_email"));--> statement-breakpoint
CREATE INDEX "whatsapp_contacts_by_phone" ON "whatsapp_contacts" USING btree ("phone");--> statement-breakpoint
CREATE INDEX "whatsapp_messages_in_order" ON "whatsapp_messages" USING btree ("contact_id","at","wamid");--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_source" CHECK ("contact_messages"."source" IN ('form', 'chat', 'video', 'investor', 'booking', 'whatsapp'));