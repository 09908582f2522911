CREATE TABLE "company_storage" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"used_bytes" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "upload_files" ADD COLUMN "company_id" uuid;--> statement-breakpoint
ALTER TABLE "company_storage" ADD CONSTRAINT "company_storage_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- An upload's files carry its company, written here from the upload, so their bytes can be taken off
-- the company also when the upload goes in the same transaction (the files go with it). A row written
-- in the same statement as its upload (which the statement cannot see yet) keeps the company it was
-- given; one given none is refused (the column is not null).
CREATE FUNCTION "upload_files_company"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	"owner" uuid;
BEGIN
	SELECT "company_id" INTO "owner" FROM "uploads" WHERE "id" = NEW."upload_id";
	IF FOUND THEN
		NEW."company_id" := "owner";
	END IF;
	RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "upload_files_company" BEFORE INSERT OR UPDATE OF "upload_id", "company_id" ON "upload_files" FOR EACH ROW EXECUTE FUNCTION "upload_files_company"();
--> statement-breakpoint
UPDATE "upload_files" SET "company_id" = "uploads"."company_id" FROM "uploads" WHERE "uploads"."id" = "upload_files"."upload_id";
--> statement-breakpoint
ALTER TABLE "upload_files" ALTER COLUMN "company_id" SET NOT NULL;
--> statement-breakpoint
-- Every company has its row, made with the company.
CREATE FUNCTION "company_storage_row"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "company_storage" ("company_id") VALUES (NEW."id") ON CONFLICT DO NOTHING;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "company_storage_row" AFTER INSERT ON "companies" FOR EACH ROW EXECUTE FUNCTION "company_storage_row"();
--> statement-breakpoint
-- A file row's bytes, counted to its company when the transaction that adds, resizes or removes it
-- commits: the counter's row is the last thing such a transaction locks, so it never waits on a
-- lock held by another while holding it (no deadlock with an upload's job or a deletion).
CREATE FUNCTION "company_storage_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP IN ('UPDATE', 'DELETE') THEN
		UPDATE "company_storage" SET "used_bytes" = "used_bytes" - OLD."size_bytes" WHERE "company_id" = OLD."company_id";
	END IF;
	IF TG_OP IN ('INSERT', 'UPDATE') THEN
		UPDATE "company_storage" SET "used_bytes" = "used_bytes" + NEW."size_bytes" WHERE "company_id" = NEW."company_id";
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "upload_files_storage" AFTER INSERT OR UPDATE OF "size_bytes", "company_id" OR DELETE ON "upload_files" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "company_storage_change"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "consolidated_files_storage" AFTER INSERT OR UPDATE OF "size_bytes", "company_id" OR DELETE ON "consolidated_files" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "company_storage_change"();
--> statement-breakpoint
INSERT INTO "company_storage" ("company_id", "used_bytes")
SELECT "companies"."id",
	coalesce((SELECT sum("size_bytes") FROM "upload_files" WHERE "upload_files"."company_id" = "companies"."id"), 0)
	+ coalesce((SELECT sum("size_bytes") FROM "consolidated_files" WHERE "consolidated_files"."company_id" = "companies"."id"), 0)
FROM "companies";
