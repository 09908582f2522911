CREATE INDEX "clients_company_name_idx" ON "clients" USING btree ("company_id","status",lower("name"),"id");--> statement-breakpoint
CREATE INDEX "required_documents_client_created_idx" ON "required_documents" USING btree ("client_id","created_at","id");--> statement-breakpoint
DROP INDEX "clients_company_idx";--> statement-breakpoint
DROP INDEX "required_documents_client_idx";
