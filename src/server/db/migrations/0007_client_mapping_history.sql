CREATE TABLE "client_profiles" (
	"client_id" uuid PRIMARY KEY NOT NULL,
	"week_start" date,
	"sheets" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"fixes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "client_week_facts" (
	"upload_id" uuid PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"week_start" date NOT NULL,
	"facts" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "client_profiles" ADD CONSTRAINT "client_profiles_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_week_facts" ADD CONSTRAINT "client_week_facts_upload_id_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_week_facts" ADD CONSTRAINT "client_week_facts_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_week_facts_client_week_idx" ON "client_week_facts" USING btree ("client_id","week_start" DESC NULLS LAST,"created_at" DESC NULLS LAST);