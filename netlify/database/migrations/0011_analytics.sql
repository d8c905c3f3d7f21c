CREATE TABLE "analytics_daily" (
	"day" date NOT NULL,
	"dimension" text NOT NULL,
	"value" text NOT NULL,
	"shard" smallint DEFAULT 0 NOT NULL,
	"visitors" integer NOT NULL,
	"pageviews" integer NOT NULL,
	CONSTRAINT "analytics_daily_pk" PRIMARY KEY("day","dimension","value","shard")
);
--> statement-breakpoint
CREATE TABLE "analytics_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"day" date NOT NULL,
	"visitor" text NOT NULL,
	"path" text NOT NULL,
	"referrer" text,
	"channel" text NOT NULL,
	"source" text,
	"medium" text,
	"campaign" text,
	"content" text,
	"term" text,
	"country" text,
	"device" text,
	CONSTRAINT "analytics_events_channel" CHECK ("analytics_events"."channel" IN ('direct', 'search', 'social', 'email', 'referral', 'campaign')),
	CONSTRAINT "analytics_events_device" CHECK ("analytics_events"."device" IN ('mobile', 'tablet', 'desktop')),
	CONSTRAINT "analytics_events_path" CHECK (char_length("analytics_events"."path") BETWEEN 1 AND 400)
);
--> statement-breakpoint
CREATE TABLE "analytics_goals" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"day" date NOT NULL,
	"name" text NOT NULL,
	"visitor" text,
	CONSTRAINT "analytics_goals_name" CHECK ("analytics_goals"."name" IN ('contact-sent', 'newsletter-confirmed', 'chat-started', 'chat-lead', 'meeting-booked', 'video-started', 'access-requested', 'assessment-completed'))
);
--> statement-breakpoint
CREATE TABLE "analytics_lead_daily" (
	"day" date NOT NULL,
	"dimension" text NOT NULL,
	"value" text NOT NULL,
	"leads" integer NOT NULL,
	"clients" integer NOT NULL,
	"amount" bigint NOT NULL,
	CONSTRAINT "analytics_lead_daily_pk" PRIMARY KEY("day","dimension","value")
);
--> statement-breakpoint
CREATE TABLE "analytics_lead_rollups" (
	"day" date PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_rollups" (
	"day" date PRIMARY KEY NOT NULL,
	"rolled_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_salts" (
	"day" date PRIMARY KEY NOT NULL,
	"salt" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_visit_marks" (
	"day" date NOT NULL,
	"visitor" text NOT NULL,
	"mark" text NOT NULL,
	CONSTRAINT "analytics_visit_marks_pk" PRIMARY KEY("day","visitor","mark")
);
--> statement-breakpoint
CREATE TABLE "analytics_visits" (
	"day" date NOT NULL,
	"visitor" text NOT NULL,
	"channel" text NOT NULL,
	"source" text,
	"campaign" text,
	"entry" text NOT NULL,
	"country" text,
	"device" text,
	"pageviews" integer NOT NULL,
	CONSTRAINT "analytics_visits_pk" PRIMARY KEY("day","visitor")
);
--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "attribution" jsonb;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "attribution" jsonb;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "outcome" text;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "value" integer;--> statement-breakpoint
CREATE INDEX "analytics_daily_dimension" ON "analytics_daily" USING btree ("dimension","day");--> statement-breakpoint
CREATE INDEX "analytics_events_visit" ON "analytics_events" USING btree ("day","visitor","at");--> statement-breakpoint
CREATE INDEX "analytics_goals_day" ON "analytics_goals" USING btree ("day","name");--> statement-breakpoint
CREATE INDEX "analytics_lead_daily_dimension" ON "analytics_lead_daily" USING btree ("dimension","day");--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_outcome" CHECK ("contact_messages"."outcome" IN ('won', 'lost', 'not-a-fit'));--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_value" CHECK ("contact_messages"."value" BETWEEN 0 AND 1000000000);--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_attribution" CHECK (jsonb_typeof("contact_messages"."attribution") = 'object');--> statement-breakpoint
-- A lead filed, or whose attribution, outcome, value or status changed, makes its firm day's lead rollup stale: the
-- day is unmarked, so the next report groups it again (src/features/analytics/store.ts, rollUpLeadsBefore). A lead
-- deleted (its 12 months over, an erasure) leaves the day's figures as they are: they hold no personal data and are
-- kept for ever. The lock orders the change after a rollup in progress, and a rollup after a change in progress.
CREATE FUNCTION analytics_lead_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('analytics_lead_rollups'));
  IF TG_OP = 'UPDATE' THEN
    DELETE FROM analytics_lead_rollups WHERE day = (OLD.created_at AT TIME ZONE 'Europe/Madrid')::date;
  END IF;
  DELETE FROM analytics_lead_rollups WHERE day = (NEW.created_at AT TIME ZONE 'Europe/Madrid')::date;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER contact_messages_analytics
  AFTER INSERT OR UPDATE OF created_at, attribution, outcome, value, status ON contact_messages
  FOR EACH ROW EXECUTE FUNCTION analytics_lead_changed();
