CREATE TABLE "invitations" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"language" text NOT NULL,
	"generation" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "invitations_language" CHECK ("invitations"."language" IN ('en', 'es'))
);
--> statement-breakpoint
CREATE TABLE "lead_accounts" (
	"message_id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lead_accounts_user" UNIQUE("user_id")
);
--> statement-breakpoint
CREATE TABLE "login_attempts" (
	"id" text NOT NULL,
	"kind" text NOT NULL,
	"subject" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "login_attempts_pk" PRIMARY KEY("id","kind"),
	CONSTRAINT "login_attempts_kind" CHECK ("login_attempts"."kind" IN ('pair', 'ip', 'user', 'password'))
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"generation" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"last_used_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" text PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"password_hash" text NOT NULL,
	"role" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"session_generation" integer DEFAULT 0 NOT NULL,
	"must_change_password" boolean DEFAULT false NOT NULL,
	"last_sign_in_at" timestamp with time zone,
	CONSTRAINT "users_username" UNIQUE("username"),
	CONSTRAINT "users_username_lower" CHECK ("users"."username" = lower("users"."username")),
	CONSTRAINT "users_role" CHECK ("users"."role" IN ('admin', 'investor')),
	CONSTRAINT "users_session_generation" CHECK ("users"."session_generation" >= 0)
);
--> statement-breakpoint
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
CREATE TABLE "content" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"version" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"list_at" timestamp with time zone NOT NULL,
	"is_public" boolean NOT NULL,
	"slug" text,
	"category" text,
	"title" jsonb NOT NULL,
	"description" jsonb NOT NULL,
	"fields" jsonb NOT NULL,
	"search_en" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', translate(lower(coalesce(nullif("title"->>'en', ''), "title"->>'es') || ' ' || coalesce("slug", '')), 'áàâäãåéèêëíìîïóòôöõúùûüñçÁÀÂÄÃÅÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇ', 'aaaaaaeeeeiiiiooooouuuuncaaaaaaeeeeiiiiooooouuuunc')), 'A') || setweight(to_tsvector('simple', translate(lower(coalesce(nullif("title"->>'en', ''), "title"->>'es') || ' ' || coalesce("slug", '')), 'áàâäãåéèêëíìîïóòôöõúùûüñçÁÀÂÄÃÅÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇ', 'aaaaaaeeeeiiiiooooouuuuncaaaaaaeeeeiiiiooooouuuunc')), 'A') || setweight(to_tsvector('english', translate(lower(coalesce(nullif("description"->>'en', ''), "description"->>'es')), 'áàâäãåéèêëíìîïóòôöõúùûüñçÁÀÂÄÃÅÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇ', 'aaaaaaeeeeiiiiooooouuuuncaaaaaaeeeeiiiiooooouuuunc')), 'B') || setweight(to_tsvector('simple', translate(lower(coalesce(nullif("description"->>'en', ''), "description"->>'es')), 'áàâäãåéèêëíìîïóòôöõúùûüñçÁÀÂÄÃÅÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇ', 'aaaaaaeeeeiiiiooooouuuuncaaaaaaeeeeiiiiooooouuuunc')), 'B') || setweight(to_tsvector('english', translate(lower(coalesce("category", '')), 'áàâäãåéèêëíìîïóòôöõúùûüñçÁÀÂÄÃÅÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇ', 'aaaaaaeeeeiiiiooooouuuuncaaaaaaeeeeiiiiooooouuuunc')), 'C') || setweight(to_tsvector('simple', translate(lower(coalesce("category", '')), 'áàâäãåéèêëíìîïóòôöõúùûüñçÁÀÂÄÃÅÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇ', 'aaaaaaeeeeiiiiooooouuuuncaaaaaaeeeeiiiiooooouuuunc')), 'C') || setweight(to_tsvector('english', translate(lower(regexp_replace(coalesce(coalesce(nullif("fields"->'content'->>'en', ''), "fields"->'content'->>'es'), ''), '<[^>]*>|&#?[a-zA-Z0-9]+;', ' ', 'g')), 'áàâäãåéèêëíìîïóòôöõúùûüñçÁÀÂÄÃÅÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇ', 'aaaaaaeeeeiiiiooooouuuuncaaaaaaeeeeiiiiooooouuuunc')), 'D') || setweight(to_tsvector('simple', translate(lower(regexp_replace(coalesce(coalesce(nullif("fields"->'content'->>'en', ''), "fields"->'content'->>'es'), ''), '<[^>]*>|&#?[a-zA-Z0-9]+;', ' ', 'g')), 'áàâäãåéèêëíìîïóòôöõúùûüñçÁÀÂÄÃÅÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇ', 'aaaaaaeeeeiiiiooooouuuuncaaaaaaeeeeiiiiooooouuuunc')), 'D')) STORED NOT NULL,
	"search_es" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('spanish', translate(lower(coalesce(nullif("title"->>'es', ''), "title"->>'en') || ' ' || coalesce("slug", '')), 'áàâäãåéèêëíìîïóòôöõúùûüñçÁÀÂÄÃÅÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇ', 'aaaaaaeeeeiiiiooooouuuuncaaaaaaeeeeiiiiooooouuuunc')), 'A') || setweight(to_tsvector('simple', translate(lower(coalesce(nullif("title"->>'es', ''), "title"->>'en') || ' ' || coalesce("slug", '')), 'áàâäãåéèêëíìîïóòôöõúùûüñçÁÀÂÄÃÅÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇ', 'aaaaaaeeeeiiiiooooouuuuncaaaaaaeeeeiiiiooooouuuunc')), 'A') || setweight(to_tsvector('spanish', translate(lower(coalesce(nullif("description"->>'es', ''), "description"->>'en')), 'áàâäãåéèêëíìîïóòôöõúùûüñçÁÀÂÄÃÅÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇ', 'aaaaaaeeeeiiiiooooouuuuncaaaaaaeeeeiiiiooooouuuunc')), 'B') || setweight(to_tsvector('simple', translate(lower(coalesce(nullif("description"->>'es', ''), "description"->>'en')), 'áàâäãåéèêëíìîïóòôöõúùûüñçÁÀÂÄÃÅÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇ', 'aaaaaaeeeeiiiiooooouuuuncaaaaaaeeeeiiiiooooouuuunc')), 'B') || setweight(to_tsvector('spanish', translate(lower(coalesce("category", '')), 'áàâäãåéèêëíìîïóòôöõúùûüñçÁÀÂÄÃÅÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇ', 'aaaaaaeeeeiiiiooooouuuuncaaaaaaeeeeiiiiooooouuuunc')), 'C') || setweight(to_tsvector('simple', translate(lower(coalesce("category", '')), 'áàâäãåéèêëíìîïóòôöõúùûüñçÁÀÂÄÃÅÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇ', 'aaaaaaeeeeiiiiooooouuuuncaaaaaaeeeeiiiiooooouuuunc')), 'C') || setweight(to_tsvector('spanish', translate(lower(regexp_replace(coalesce(coalesce(nullif("fields"->'content'->>'es', ''), "fields"->'content'->>'en'), ''), '<[^>]*>|&#?[a-zA-Z0-9]+;', ' ', 'g')), 'áàâäãåéèêëíìîïóòôöõúùûüñçÁÀÂÄÃÅÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇ', 'aaaaaaeeeeiiiiooooouuuuncaaaaaaeeeeiiiiooooouuuunc')), 'D') || setweight(to_tsvector('simple', translate(lower(regexp_replace(coalesce(coalesce(nullif("fields"->'content'->>'es', ''), "fields"->'content'->>'en'), ''), '<[^>]*>|&#?[a-zA-Z0-9]+;', ' ', 'g')), 'áàâäãåéèêëíìîïóòôöõúùûüñçÁÀÂÄÃÅÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇ', 'aaaaaaeeeeiiiiooooouuuuncaaaaaaeeeeiiiiooooouuuunc')), 'D')) STORED NOT NULL,
	CONSTRAINT "content_kind" CHECK ("content"."kind" ~ '^[a-z][a-z-]{0,39}$'),
	CONSTRAINT "content_version" CHECK ("content"."version" >= 1)
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
CREATE TABLE "document_shares" (
	"document_id" text NOT NULL,
	"investor_id" text NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "document_shares_document_id_investor_id_pk" PRIMARY KEY("document_id","investor_id")
);
--> statement-breakpoint
CREATE TABLE "document_uploads" (
	"id" text PRIMARY KEY NOT NULL,
	"file_name" text NOT NULL,
	"size" integer NOT NULL,
	"parts" integer NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "document_uploads_size" CHECK ("document_uploads"."size" >= 1 AND "document_uploads"."parts" >= 1)
);
--> statement-breakpoint
CREATE TABLE "documents" (
	"id" text PRIMARY KEY NOT NULL,
	"title" jsonb NOT NULL,
	"description" jsonb NOT NULL,
	"category" text NOT NULL,
	"file_name" text NOT NULL,
	"size" integer NOT NULL,
	"parts" integer NOT NULL,
	"all_investors" boolean NOT NULL,
	"uploaded_by" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"version" integer NOT NULL,
	CONSTRAINT "documents_category" CHECK ("documents"."category" IN ('quarterly-report', 'notice', 'statement', 'other')),
	CONSTRAINT "documents_size" CHECK ("documents"."size" >= 1 AND "documents"."parts" >= 1)
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
CREATE TABLE "daily_quotas" (
	"quota" text NOT NULL,
	"day" date NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"used" integer NOT NULL,
	CONSTRAINT "daily_quotas_pk" PRIMARY KEY("quota","day","subject"),
	CONSTRAINT "daily_quotas_used" CHECK ("daily_quotas"."used" > 0)
);
--> statement-breakpoint
CREATE TABLE "taxonomy" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" integer NOT NULL,
	"entries" jsonb NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "taxonomy_one_row" CHECK ("taxonomy"."id" = 1),
	CONSTRAINT "taxonomy_version" CHECK ("taxonomy"."version" >= 1)
);
--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_accounts" ADD CONSTRAINT "lead_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_exchanges" ADD CONSTRAINT "chat_exchanges_conversation" FOREIGN KEY ("channel","conversation_id") REFERENCES "public"."conversations"("channel","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_emails" ADD CONSTRAINT "conversation_emails_conversation" FOREIGN KEY ("channel","conversation_id") REFERENCES "public"."conversations"("channel","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_call_events" ADD CONSTRAINT "video_call_events_call" FOREIGN KEY ("channel","conversation_id") REFERENCES "public"."conversations"("channel","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_shares" ADD CONSTRAINT "document_shares_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_replies" ADD CONSTRAINT "lead_replies_message_id_contact_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."contact_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletter_recipients" ADD CONSTRAINT "newsletter_recipients_issue_id_newsletter_sends_issue_id_fk" FOREIGN KEY ("issue_id") REFERENCES "public"."newsletter_sends"("issue_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invitations_user" ON "invitations" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "login_attempts_counter" ON "login_attempts" USING btree ("kind","subject","at");--> statement-breakpoint
CREATE INDEX "login_attempts_at" ON "login_attempts" USING btree ("at");--> statement-breakpoint
CREATE INDEX "sessions_user" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_created" ON "sessions" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "sessions_last_used" ON "sessions" USING btree ("last_used_at");--> statement-breakpoint
CREATE INDEX "audit_log_newest" ON "audit_log" USING btree ("at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "content_kind_slug" ON "content" USING btree ("kind","slug");--> statement-breakpoint
CREATE INDEX "content_newest" ON "content" USING btree ("kind","list_at","id");--> statement-breakpoint
CREATE INDEX "content_public_newest" ON "content" USING btree ("kind","list_at","id") WHERE "content"."is_public";--> statement-breakpoint
CREATE INDEX "content_search_en" ON "content" USING gin ("search_en");--> statement-breakpoint
CREATE INDEX "content_search_es" ON "content" USING gin ("search_es");--> statement-breakpoint
CREATE INDEX "chat_exchanges_in_order" ON "chat_exchanges" USING btree ("conversation_id","at","id");--> statement-breakpoint
CREATE INDEX "conversation_emails_by_address" ON "conversation_emails" USING btree ("email","channel");--> statement-breakpoint
CREATE INDEX "conversations_by_start" ON "conversations" USING btree ("channel","started","id");--> statement-breakpoint
CREATE INDEX "document_shares_investor" ON "document_shares" USING btree ("investor_id");--> statement-breakpoint
CREATE INDEX "document_uploads_oldest" ON "document_uploads" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "documents_newest" ON "documents" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "contact_messages_newest" ON "contact_messages" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "contact_messages_status" ON "contact_messages" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "contact_messages_source" ON "contact_messages" USING btree ("source","created_at","id");--> statement-breakpoint
CREATE INDEX "contact_messages_status_source" ON "contact_messages" USING btree ("status","source","created_at","id");--> statement-breakpoint
CREATE INDEX "contact_messages_owner" ON "contact_messages" USING btree ("owner","created_at","id");--> statement-breakpoint
CREATE INDEX "contact_messages_email" ON "contact_messages" USING btree ("email","created_at");--> statement-breakpoint
CREATE INDEX "contact_messages_search" ON "contact_messages" USING gin ("search");--> statement-breakpoint
CREATE INDEX "lead_replies_thread" ON "lead_replies" USING btree ("message_id","id");--> statement-breakpoint
CREATE INDEX "mail_outbox_waiting" ON "mail_outbox" USING btree ("next_attempt_at","reason") WHERE "mail_outbox"."sent_at" IS NULL;--> statement-breakpoint
CREATE INDEX "newsletter_recipients_status" ON "newsletter_recipients" USING btree ("issue_id","status");--> statement-breakpoint
CREATE INDEX "newsletter_recipients_address" ON "newsletter_recipients" USING btree ("address_hash");--> statement-breakpoint
CREATE INDEX "newsletter_sends_unfinished" ON "newsletter_sends" USING btree ("alive_at") WHERE "newsletter_sends"."finished_at" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_subscribers_email" ON "newsletter_subscribers" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_subscribers_address_hash" ON "newsletter_subscribers" USING btree ("address_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_subscribers_token" ON "newsletter_subscribers" USING btree ("token");--> statement-breakpoint
CREATE INDEX "newsletter_subscribers_newest" ON "newsletter_subscribers" USING btree ("registered_at","id");--> statement-breakpoint
CREATE INDEX "newsletter_subscribers_search" ON "newsletter_subscribers" USING gin ("search");--> statement-breakpoint
CREATE INDEX "newsletter_subscribers_pending" ON "newsletter_subscribers" USING btree ("registered_at") WHERE "newsletter_subscribers"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "newsletter_subscribers_confirmed_at" ON "newsletter_subscribers" USING btree ("confirmed_at") WHERE "newsletter_subscribers"."confirmed_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "daily_quotas_day" ON "daily_quotas" USING btree ("day");