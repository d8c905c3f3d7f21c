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
	CONSTRAINT "login_attempts_kind" CHECK ("login_attempts"."kind" IN ('pair', 'ip', 'user'))
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
CREATE TABLE "daily_quotas" (
	"quota" text NOT NULL,
	"day" date NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"used" integer NOT NULL,
	CONSTRAINT "daily_quotas_pk" PRIMARY KEY("quota","day","subject"),
	CONSTRAINT "daily_quotas_used" CHECK ("daily_quotas"."used" > 0)
);
--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_accounts" ADD CONSTRAINT "lead_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_newest" ON "audit_log" USING btree ("at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "invitations_user" ON "invitations" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "login_attempts_counter" ON "login_attempts" USING btree ("kind","subject","at");--> statement-breakpoint
CREATE INDEX "login_attempts_at" ON "login_attempts" USING btree ("at");--> statement-breakpoint
CREATE INDEX "sessions_user" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_created" ON "sessions" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "sessions_last_used" ON "sessions" USING btree ("last_used_at");--> statement-breakpoint
CREATE INDEX "daily_quotas_day" ON "daily_quotas" USING btree ("day");