CREATE TABLE "client_week_fingerprints" (
	"upload_id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"week_start" date NOT NULL,
	"employee_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"employee_names" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"headers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sheet_names" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"file_name" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "client_week_fingerprints" ADD CONSTRAINT "client_week_fingerprints_upload_id_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_week_fingerprints" ADD CONSTRAINT "client_week_fingerprints_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_week_fingerprints" ADD CONSTRAINT "client_week_fingerprints_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_week_fingerprints_company_week_idx" ON "client_week_fingerprints" USING btree ("company_id","week_start" DESC NULLS LAST);