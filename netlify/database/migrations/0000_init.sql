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
CREATE TABLE "newsletter_recipients" (
	"issue_id" text NOT NULL,
	"address_hash" text NOT NULL,
	"language" text NOT NULL,
	"status" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"error" text,
	CONSTRAINT "newsletter_recipients_issue_id_address_hash_pk" PRIMARY KEY("issue_id","address_hash"),
	CONSTRAINT "newsletter_recipients_status" CHECK ("newsletter_recipients"."status" IN ('sending', 'sent', 'failed')),
	CONSTRAINT "newsletter_recipients_language" CHECK ("newsletter_recipients"."language" IN ('en', 'es'))
);
--> statement-breakpoint
CREATE TABLE "newsletter_sends" (
	"issue_id" text PRIMARY KEY NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"started_by" text NOT NULL,
	"mails" jsonb NOT NULL,
	"total" integer NOT NULL,
	"alive_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "newsletter_subscribers" (
	"id" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"address_hash" text NOT NULL,
	"full_name" text NOT NULL,
	"language" text NOT NULL,
	"status" text NOT NULL,
	"token" text NOT NULL,
	"registered_at" timestamp with time zone NOT NULL,
	"confirmed_at" timestamp with time zone,
	"unsubscribed_at" timestamp with time zone,
	"confirmation_day" date,
	"confirmation_mails" integer DEFAULT 0 NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple', translate(lower("full_name" || ' ' || "email"), 'áàâäãåéèêëíìîïóòôöõúùûüñçÁÀÂÄÃÅÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇ', 'aaaaaaeeeeiiiiooooouuuuncaaaaaaeeeeiiiiooooouuuunc'))) STORED NOT NULL,
	CONSTRAINT "newsletter_subscribers_status" CHECK ("newsletter_subscribers"."status" IN ('pending', 'confirmed', 'unsubscribed')),
	CONSTRAINT "newsletter_subscribers_language" CHECK ("newsletter_subscribers"."language" IN ('en', 'es')),
	CONSTRAINT "newsletter_subscribers_email_normal" CHECK ("newsletter_subscribers"."email" = lower(btrim("newsletter_subscribers"."email"))),
	CONSTRAINT "newsletter_subscribers_confirmation_mails" CHECK ("newsletter_subscribers"."confirmation_mails" >= 0)
);
--> statement-breakpoint
ALTER TABLE "newsletter_recipients" ADD CONSTRAINT "newsletter_recipients_issue_id_newsletter_sends_issue_id_fk" FOREIGN KEY ("issue_id") REFERENCES "public"."newsletter_sends"("issue_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_newest" ON "audit_log" USING btree ("at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "newsletter_recipients_status" ON "newsletter_recipients" USING btree ("issue_id","status");--> statement-breakpoint
CREATE INDEX "newsletter_recipients_address" ON "newsletter_recipients" USING btree ("address_hash");--> statement-breakpoint
CREATE INDEX "newsletter_sends_unfinished" ON "newsletter_sends" USING btree ("alive_at") WHERE "newsletter_sends"."finished_at" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_subscribers_email" ON "newsletter_subscribers" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_subscribers_address_hash" ON "newsletter_subscribers" USING btree ("address_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_subscribers_token" ON "newsletter_subscribers" USING btree ("token");--> statement-breakpoint
CREATE INDEX "newsletter_subscribers_newest" ON "newsletter_subscribers" USING btree ("registered_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "newsletter_subscribers_search" ON "newsletter_subscribers" USING gin ("search");--> statement-breakpoint
CREATE INDEX "newsletter_subscribers_pending" ON "newsletter_subscribers" USING btree ("registered_at") WHERE "newsletter_subscribers"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "newsletter_subscribers_confirmed_at" ON "newsletter_subscribers" USING btree ("confirmed_at") WHERE "newsletter_subscribers"."confirmed_at" IS NOT NULL;