CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at","id");--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_id","at");--> statement-breakpoint
CREATE INDEX "audit_log_action_idx" ON "audit_log" USING btree ("action","at");--> statement-breakpoint
-- Changes write the record's fields as details.before and details.after; older renames and ticket
-- status changes wrote details.from and details.to, and older reviews only the decision.
UPDATE "audit_log" SET "details" = jsonb_build_object('before', jsonb_build_object('name', "details"->'from'), 'after', jsonb_build_object('name', "details"->'to'))
  WHERE "action" = 'company.update' AND "details" ? 'from';--> statement-breakpoint
UPDATE "audit_log" SET "details" = jsonb_build_object('before', jsonb_build_object('status', "details"->'from'), 'after', jsonb_build_object('status', "details"->'to'))
  WHERE "action" = 'ticket.status' AND "details" ? 'from';--> statement-breakpoint
UPDATE "audit_log" SET "details" = ("details" - 'approvalStatus' - 'notes') || jsonb_build_object(
    'before', jsonb_build_object('approvalStatus', 'PENDING'),
    'after', jsonb_build_object('approvalStatus', "details"->'approvalStatus', 'notes', coalesce("details"->'notes', '{}'::jsonb)))
  WHERE "action" = 'upload.review' AND "details" ? 'approvalStatus';
