DROP INDEX "bill_lines_memo_trgm_idx";--> statement-breakpoint
ALTER TABLE "bill_lines" ADD COLUMN "organization_id" bigint;--> statement-breakpoint
ALTER TABLE "bill_lines" ADD CONSTRAINT "bill_lines_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bill_lines_org_memo_trgm_idx" ON "bill_lines" USING gin ("organization_id","memo" gin_trgm_ops);