CREATE TABLE "audit_log" (
	"id" text PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor" text NOT NULL,
	"actor_role" text NOT NULL,
	"action" text NOT NULL,
	"target" text DEFAULT '' NOT NULL,
	"detail" text DEFAULT '' NOT NULL,
	CONSTRAINT "audit_log_actor_role" CHECK ("audit_log"."actor_role" IN ('admin', 'investor')),
	CONSTRAINT "audit_log_action" CHECK ("audit_log"."action" IN ('sign-in', 'user.create', 'user.reset-password', 'user.deactivate', 'user.reactivate', 'user.role', 'password.change', 'document.upload', 'document.update', 'document.delete', 'document.download', 'message.delete', 'chat.delete', 'video.delete', 'privacy.access', 'privacy.erasure', 'user.invite', 'invitation.accept', 'newsletter.send', 'lead.reply'))
);
--> statement-breakpoint
CREATE TABLE "contact_messages" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"company" text,
	"phone" text,
	"service_of_interest" text,
	"message" text NOT NULL,
	"source" text NOT NULL,
	"investor" jsonb,
	"language" text DEFAULT 'en' NOT NULL,
	"session_id" text,
	"created_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"owner" text,
	"updated_at" timestamp with time zone,
	"reply_count" integer DEFAULT 0 NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple', regexp_replace(translate(lower("contact_messages"."name"), 'áàâäãåéèêëíìîïóòôöõúùûüñçÁÀÂÄÃÅÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇ', 'aaaaaaeeeeiiiiooooouuuuncaaaaaaeeeeiiiiooooouuuunc'), '[^[:alnum:]]+', ' ', 'g'))) STORED,
	CONSTRAINT "contact_messages_source" CHECK ("contact_messages"."source" IN ('form', 'chat', 'video', 'investor')),
	CONSTRAINT "contact_messages_status" CHECK ("contact_messages"."status" IN ('new', 'replied', 'closed')),
	CONSTRAINT "contact_messages_language" CHECK ("contact_messages"."language" IN ('en', 'es')),
	CONSTRAINT "contact_messages_email_lower" CHECK ("contact_messages"."email" = lower("contact_messages"."email")),
	CONSTRAINT "contact_messages_reply_count" CHECK ("contact_messages"."reply_count" BETWEEN 0 AND 20)
);
--> statement-breakpoint
CREATE TABLE "lead_replies" (
	"id" text PRIMARY KEY NOT NULL,
	"message_id" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"by" text NOT NULL,
	"language" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	CONSTRAINT "lead_replies_language" CHECK ("lead_replies"."language" IN ('en', 'es'))
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"reason" text PRIMARY KEY NOT NULL,
	"to_leads" boolean DEFAULT false NOT NULL,
	"to_addresses" text[] DEFAULT '{}'::text[] NOT NULL,
	"reply_to" text,
	"content" jsonb,
	"created_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"claimed_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL,
	"last_error" text,
	"sent_at" timestamp with time zone,
	CONSTRAINT "mail_outbox_content" CHECK (("mail_outbox"."sent_at" IS NULL) = ("mail_outbox"."content" IS NOT NULL)),
	CONSTRAINT "mail_outbox_recipients" CHECK ("mail_outbox"."sent_at" IS NOT NULL OR "mail_outbox"."to_leads" OR cardinality("mail_outbox"."to_addresses") > 0),
	CONSTRAINT "mail_outbox_attempts" CHECK ("mail_outbox"."attempts" >= 0)
);
--> statement-breakpoint
ALTER TABLE "lead_replies" ADD CONSTRAINT "lead_replies_message_id_contact_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."contact_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_newest" ON "audit_log" USING btree ("at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "contact_messages_newest" ON "contact_messages" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "contact_messages_status" ON "contact_messages" USING btree ("status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "contact_messages_source" ON "contact_messages" USING btree ("source","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "contact_messages_status_source" ON "contact_messages" USING btree ("status","source","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "contact_messages_owner" ON "contact_messages" USING btree ("owner","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "contact_messages_email" ON "contact_messages" USING btree ("email","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "contact_messages_search" ON "contact_messages" USING gin ("search");--> statement-breakpoint
CREATE INDEX "lead_replies_thread" ON "lead_replies" USING btree ("message_id","id");--> statement-breakpoint
CREATE INDEX "mail_outbox_waiting" ON "mail_outbox" USING btree ("next_attempt_at","reason") WHERE "mail_outbox"."sent_at" IS NULL;