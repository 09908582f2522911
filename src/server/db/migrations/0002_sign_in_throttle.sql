CREATE TABLE "known_devices" (
	"token_hash" text NOT NULL,
	"email" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "known_devices_token_hash_email_pk" PRIMARY KEY("token_hash","email")
);
--> statement-breakpoint
ALTER TABLE "login_failures" ADD COLUMN "device" text;--> statement-breakpoint
CREATE INDEX "known_devices_expires_idx" ON "known_devices" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "login_failures_created_idx" ON "login_failures" USING btree ("created_at");