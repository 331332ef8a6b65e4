ALTER TABLE "inbox_emails" ADD COLUMN "source" text DEFAULT 'email' NOT NULL;--> statement-breakpoint
ALTER TABLE "inbox_emails" ADD COLUMN "entity_id" bigint;--> statement-breakpoint
ALTER TABLE "inbox_emails" ADD COLUMN "type" text;--> statement-breakpoint
ALTER TABLE "inbox_emails" ADD COLUMN "archived_by_user_id" bigint;--> statement-breakpoint
ALTER TABLE "inbox_emails" ADD COLUMN "uploaded_by_user_id" bigint;--> statement-breakpoint
ALTER TABLE "inbox_emails" ADD CONSTRAINT "inbox_emails_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_emails" ADD CONSTRAINT "inbox_emails_archived_by_user_id_users_id_fk" FOREIGN KEY ("archived_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_emails" ADD CONSTRAINT "inbox_emails_uploaded_by_user_id_users_id_fk" FOREIGN KEY ("uploaded_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;