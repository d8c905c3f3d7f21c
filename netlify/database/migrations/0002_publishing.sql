CREATE TABLE "content_revisions" (
	"id" text PRIMARY KEY NOT NULL,
	"content_id" text NOT NULL,
	"kind" text NOT NULL,
	"saved_at" timestamp with time zone NOT NULL,
	"saved_by" text,
	"record" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content_slugs" (
	"kind" text NOT NULL,
	"language" text NOT NULL,
	"slug" text NOT NULL,
	"content_id" text NOT NULL,
	"current" boolean NOT NULL,
	CONSTRAINT "content_slugs_language" CHECK ("content_slugs"."language" IN ('en', 'es')),
	CONSTRAINT "content_slugs_slug" CHECK ("content_slugs"."slug" ~ '^[a-z0-9]+(-[a-z0-9]+)*$')
);
--> statement-breakpoint
DROP INDEX "content_kind_slug";--> statement-breakpoint
ALTER TABLE "content_revisions" ADD CONSTRAINT "content_revisions_content" FOREIGN KEY ("content_id") REFERENCES "public"."content"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_revisions" ADD CONSTRAINT "content_revisions_saved_by" FOREIGN KEY ("saved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_slugs" ADD CONSTRAINT "content_slugs_content" FOREIGN KEY ("content_id") REFERENCES "public"."content"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "content_revisions_newest" ON "content_revisions" USING btree ("content_id","saved_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "content_slugs_kind_language_slug" ON "content_slugs" USING btree ("kind","language","slug");--> statement-breakpoint
CREATE UNIQUE INDEX "content_slugs_one_current" ON "content_slugs" USING btree ("content_id","language") WHERE "content_slugs"."current";--> statement-breakpoint
-- Stored insights keep their one slug as their slug in every language (their addresses do not change).
INSERT INTO "content_slugs" ("kind", "language", "slug", "content_id", "current")
SELECT "content"."kind", "languages"."code", "content"."slug", "content"."id", true
FROM "content" CROSS JOIN (VALUES ('en'), ('es')) AS "languages"("code")
WHERE "content"."kind" = 'insights' AND "content"."slug" ~ '^[a-z0-9]+(-[a-z0-9]+)*$'
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- Stored case studies get slugs made from their titles (accents dropped, words joined by hyphens; a second one
-- alike gets -2, …), in the table and in the record, as a save would make them.
WITH "made" AS (
	SELECT "content"."id", "languages"."code" AS "language",
		coalesce(nullif(left(regexp_replace(regexp_replace(translate(lower(coalesce(nullif("content"."title"->>"languages"."code", ''), nullif("content"."title"->>'en', ''), "content"."title"->>'es', '')), 'áàâäãéèêëíìîïóòôöõúùûüñç', 'aaaaaeeeeiiiiooooouuuunc'), '[^a-z0-9]+', '-', 'g'), '^-+|-+$', '', 'g'), 110), ''), 'case-study') AS "base"
	FROM "content" CROSS JOIN (VALUES ('en'), ('es')) AS "languages"("code")
	WHERE "content"."kind" = 'portfolio' AND NOT ("content"."fields" ? 'slugs')
), "numbered" AS (
	SELECT "id", "language", "base", row_number() OVER (PARTITION BY "language", "base" ORDER BY "id") AS "n" FROM "made"
)
INSERT INTO "content_slugs" ("kind", "language", "slug", "content_id", "current")
SELECT 'portfolio', "language", regexp_replace(CASE WHEN "n" = 1 THEN "base" ELSE "base" || '-' || "n" END, '-+$', ''), "id", true
FROM "numbered"
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- Their records name the slugs they got.
UPDATE "content" SET "fields" = "content"."fields" || jsonb_build_object('slugs', "made"."slugs"),
	"slug" = "made"."joined"
FROM (
	SELECT "content_id", jsonb_object_agg("language", "slug") AS "slugs", string_agg("slug", ' ' ORDER BY "language") AS "joined"
	FROM "content_slugs" WHERE "kind" = 'portfolio' AND "current" GROUP BY "content_id"
) AS "made"
WHERE "content"."id" = "made"."content_id" AND NOT ("content"."fields" ? 'slugs');
