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
CREATE INDEX "audit_log_newest" ON "audit_log" USING btree ("at" DESC NULLS LAST,"id" DESC NULLS LAST);