ALTER TABLE "bank_feed_accounts" ADD COLUMN "book_account_id" bigint;--> statement-breakpoint
ALTER TABLE "bank_feed_items" ADD COLUMN "first_sync_job_id" text;--> statement-breakpoint
ALTER TABLE "bank_feed_accounts" ADD CONSTRAINT "bank_feed_accounts_book_account_id_book_accounts_id_fk" FOREIGN KEY ("book_account_id") REFERENCES "public"."book_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_feed_accounts_book_account_key" ON "bank_feed_accounts" USING btree ("book_account_id") WHERE "bank_feed_accounts"."book_account_id" is not null;