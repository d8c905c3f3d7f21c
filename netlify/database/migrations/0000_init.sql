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
CREATE TABLE "chat_exchanges" (
	"id" text PRIMARY KEY NOT NULL,
	"channel" text DEFAULT 'chat' NOT NULL,
	"conversation_id" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"user_message" text NOT NULL,
	"bot_response" text NOT NULL,
	"language" text NOT NULL,
	CONSTRAINT "chat_exchanges_channel" CHECK ("chat_exchanges"."channel" = 'chat'),
	CONSTRAINT "chat_exchanges_language" CHECK ("chat_exchanges"."language" IN ('en', 'es'))
);
--> statement-breakpoint
CREATE TABLE "conversation_emails" (
	"channel" text NOT NULL,
	"conversation_id" text NOT NULL,
	"email" text NOT NULL,
	"lead" boolean DEFAULT false NOT NULL,
	CONSTRAINT "conversation_emails_channel_conversation_id_email_pk" PRIMARY KEY("channel","conversation_id","email"),
	CONSTRAINT "conversation_emails_lower_case" CHECK ("conversation_emails"."email" = lower("conversation_emails"."email"))
);
--> statement-breakpoint
CREATE TABLE "conversations" (
	"channel" text NOT NULL,
	"id" text NOT NULL,
	"started" timestamp with time zone NOT NULL,
	"last_activity" timestamp with time zone NOT NULL,
	"language" text NOT NULL,
	"message_count" integer DEFAULT 0 NOT NULL,
	"lead_step" text,
	"lead_consent" boolean DEFAULT false NOT NULL,
	"lead_name" text,
	"lead_email" text,
	"conversation_url" text,
	"callback_nonce" text,
	"ends_by" timestamp with time zone,
	CONSTRAINT "conversations_channel_id_pk" PRIMARY KEY("channel","id"),
	CONSTRAINT "conversations_channel" CHECK ("conversations"."channel" IN ('chat', 'video')),
	CONSTRAINT "conversations_language" CHECK ("conversations"."language" IN ('en', 'es')),
	CONSTRAINT "conversations_lead_step" CHECK ("conversations"."lead_step" IN ('consent', 'name', 'email', 'company')),
	CONSTRAINT "conversations_message_count" CHECK ("conversations"."message_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "video_call_events" (
	"channel" text DEFAULT 'video' NOT NULL,
	"conversation_id" text NOT NULL,
	"kind" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"transcript" jsonb,
	CONSTRAINT "video_call_events_conversation_id_kind_pk" PRIMARY KEY("conversation_id","kind"),
	CONSTRAINT "video_call_events_channel" CHECK ("video_call_events"."channel" = 'video'),
	CONSTRAINT "video_call_events_kind" CHECK ("video_call_events"."kind" IN ('client-log', 'transcript', 'ended'))
);
--> statement-breakpoint
ALTER TABLE "chat_exchanges" ADD CONSTRAINT "chat_exchanges_conversation" FOREIGN KEY ("channel","conversation_id") REFERENCES "public"."conversations"("channel","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_emails" ADD CONSTRAINT "conversation_emails_conversation" FOREIGN KEY ("channel","conversation_id") REFERENCES "public"."conversations"("channel","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_call_events" ADD CONSTRAINT "video_call_events_call" FOREIGN KEY ("channel","conversation_id") REFERENCES "public"."conversations"("channel","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_newest" ON "audit_log" USING btree ("at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "chat_exchanges_in_order" ON "chat_exchanges" USING btree ("conversation_id","at","id");--> statement-breakpoint
CREATE INDEX "conversation_emails_by_address" ON "conversation_emails" USING btree ("email","channel");--> statement-breakpoint
CREATE INDEX "conversations_by_start" ON "conversations" USING btree ("channel","started","id");