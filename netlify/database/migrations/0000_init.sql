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
	"title_en" text NOT NULL,
	"title_es" text NOT NULL,
	"description_en" text NOT NULL,
	"description_es" text NOT NULL,
	"fields" jsonb NOT NULL,
	"search_en" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', translate(lower(coalesce(nullif("title_en", ''), "title_es") || ' ' || coalesce("slug", '')), 'áàâäãåéèêëíìîïóòôöõúùûüñçÁÀÂÄÃÅÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇ', 'aaaaaaeeeeiiiiooooouuuuncaaaaaaeeeeiiiiooooouuuunc')), 'A') || setweight(to_tsvector('simple', translate(lower(coalesce(nullif("title_en", ''), "title_es") || ' ' || coalesce("slug", '')), 'áàâäãåéèêëíìîïóòôöõúùûüñçÁÀÂÄÃÅÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇ', 'aaaaaaeeeeiiiiooooouuuuncaaaaaaeeeeiiiiooooouuuunc')), 'A') || setweight(to_tsvector('english', translate(lower(coalesce(nullif("description_en", ''), "description_es")), 'áàâäãåéèêëíìîïóòôöõúùûüñçÁÀÂÄÃÅÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇ', 'aaaaaaeeeeiiiiooooouuuuncaaaaaaeeeeiiiiooooouuuunc')), 'B') || setweight(to_tsvector('simple', translate(lower(coalesce(nullif("description_en", ''), "description_es")), 'áàâäãåéèêëíìîïóòôöõúùûüñçÁÀÂÄÃÅÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇ', 'aaaaaaeeeeiiiiooooouuuuncaaaaaaeeeeiiiiooooouuuunc')), 'B') || setweight(to_tsvector('english', translate(lower(coalesce("category", '')), 'áàâäãåéèêëíìîïóòôöõúùûüñçÁÀÂÄÃÅÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇ', 'aaaaaaeeeeiiiiooooouuuuncaaaaaaeeeeiiiiooooouuuunc')), 'C') || setweight(to_tsvector('simple', translate(lower(coalesce("category", '')), 'áàâäãåéèêëíìîïóòôöõúùûüñçÁÀÂÄÃÅÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇ', 'aaaaaaeeeeiiiiooooouuuuncaaaaaaeeeeiiiiooooouuuunc')), 'C')) STORED NOT NULL,
	"search_es" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('spanish', translate(lower(coalesce(nullif("title_es", ''), "title_en") || ' ' || coalesce("slug", '')), 'áàâäãåéèêëíìîïóòôöõúùûüñçÁÀÂÄÃÅÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇ', 'aaaaaaeeeeiiiiooooouuuuncaaaaaaeeeeiiiiooooouuuunc')), 'A') || setweight(to_tsvector('simple', translate(lower(coalesce(nullif("title_es", ''), "title_en") || ' ' || coalesce("slug", '')), 'áàâäãåéèêëíìîïóòôöõúùûüñçÁÀÂÄÃÅÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇ', 'aaaaaaeeeeiiiiooooouuuuncaaaaaaeeeeiiiiooooouuuunc')), 'A') || setweight(to_tsvector('spanish', translate(lower(coalesce(nullif("description_es", ''), "description_en")), 'áàâäãåéèêëíìîïóòôöõúùûüñçÁÀÂÄÃÅÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇ', 'aaaaaaeeeeiiiiooooouuuuncaaaaaaeeeeiiiiooooouuuunc')), 'B') || setweight(to_tsvector('simple', translate(lower(coalesce(nullif("description_es", ''), "description_en")), 'áàâäãåéèêëíìîïóòôöõúùûüñçÁÀÂÄÃÅÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇ', 'aaaaaaeeeeiiiiooooouuuuncaaaaaaeeeeiiiiooooouuuunc')), 'B') || setweight(to_tsvector('spanish', translate(lower(coalesce("category", '')), 'áàâäãåéèêëíìîïóòôöõúùûüñçÁÀÂÄÃÅÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇ', 'aaaaaaeeeeiiiiooooouuuuncaaaaaaeeeeiiiiooooouuuunc')), 'C') || setweight(to_tsvector('simple', translate(lower(coalesce("category", '')), 'áàâäãåéèêëíìîïóòôöõúùûüñçÁÀÂÄÃÅÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇ', 'aaaaaaeeeeiiiiooooouuuuncaaaaaaeeeeiiiiooooouuuunc')), 'C')) STORED NOT NULL,
	CONSTRAINT "content_kind" CHECK ("content"."kind" ~ '^[a-z][a-z-]{0,39}$'),
	CONSTRAINT "content_version" CHECK ("content"."version" >= 1)
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
	"title_en" text NOT NULL,
	"title_es" text NOT NULL,
	"description_en" text NOT NULL,
	"description_es" text NOT NULL,
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
CREATE TABLE "taxonomy" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" integer NOT NULL,
	"entries" jsonb NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "taxonomy_one_row" CHECK ("taxonomy"."id" = 1),
	CONSTRAINT "taxonomy_version" CHECK ("taxonomy"."version" >= 1)
);
--> statement-breakpoint
ALTER TABLE "document_shares" ADD CONSTRAINT "document_shares_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_newest" ON "audit_log" USING btree ("at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "content_kind_slug" ON "content" USING btree ("kind","slug");--> statement-breakpoint
CREATE INDEX "content_newest" ON "content" USING btree ("kind","list_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "content_public_newest" ON "content" USING btree ("kind","list_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "content"."is_public";--> statement-breakpoint
CREATE INDEX "content_search_en" ON "content" USING gin ("search_en");--> statement-breakpoint
CREATE INDEX "content_search_es" ON "content" USING gin ("search_es");--> statement-breakpoint
CREATE INDEX "document_shares_investor" ON "document_shares" USING btree ("investor_id");--> statement-breakpoint
CREATE INDEX "document_uploads_oldest" ON "document_uploads" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "documents_newest" ON "documents" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);