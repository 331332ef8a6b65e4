ALTER TABLE "inbox_emails" ADD COLUMN "bill_id" bigint;--> statement-breakpoint
ALTER TABLE "inbox_emails" ADD CONSTRAINT "inbox_emails_bill_id_bills_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."bills"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inbox_emails_bill_idx" ON "inbox_emails" USING btree ("bill_id");--> statement-breakpoint
CREATE INDEX "inbox_emails_live_received_idx" ON "inbox_emails" USING btree ("received_at","id") WHERE "inbox_emails"."archived_at" is null;