CREATE TABLE "review_blocks" (
	"sheet_id" uuid NOT NULL,
	"block_no" integer NOT NULL,
	"rows" bytea NOT NULL,
	CONSTRAINT "review_blocks_sheet_id_block_no_pk" PRIMARY KEY("sheet_id","block_no")
);
--> statement-breakpoint
CREATE TABLE "review_sheets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"upload_id" uuid,
	"consolidated_file_id" uuid,
	"version" text NOT NULL,
	"sheet_index" integer NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"columns" jsonb NOT NULL,
	"row_count" integer NOT NULL,
	"error_rows" bytea,
	"warning_rows" bytea,
	CONSTRAINT "review_sheets_one_owner" CHECK (("review_sheets"."upload_id" is null) <> ("review_sheets"."consolidated_file_id" is null))
);
--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "review_ready_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "review_blocks" ADD CONSTRAINT "review_blocks_sheet_id_review_sheets_id_fk" FOREIGN KEY ("sheet_id") REFERENCES "public"."review_sheets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_sheets" ADD CONSTRAINT "review_sheets_upload_id_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_sheets" ADD CONSTRAINT "review_sheets_consolidated_file_id_consolidated_files_id_fk" FOREIGN KEY ("consolidated_file_id") REFERENCES "public"."consolidated_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "review_sheets_upload_unique" ON "review_sheets" USING btree ("upload_id","version","sheet_index");--> statement-breakpoint
CREATE UNIQUE INDEX "review_sheets_consolidated_file_unique" ON "review_sheets" USING btree ("consolidated_file_id","version","sheet_index");
