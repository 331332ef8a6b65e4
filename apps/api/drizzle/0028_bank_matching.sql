CREATE TABLE "bank_document_requests" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bank_document_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"client_id" bigint NOT NULL,
	"transaction_id" bigint NOT NULL,
	"task_id" bigint,
	"requested_by_user_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bank_matches" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bank_matches_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"guid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"client_id" bigint NOT NULL,
	"transaction_id" bigint NOT NULL,
	"bill_id" bigint NOT NULL,
	"score" integer NOT NULL,
	"method" text NOT NULL,
	"matched_by_user_id" bigint,
	"undone_at" timestamp with time zone,
	"undone_by_user_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bank_document_requests" ADD CONSTRAINT "bank_document_requests_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_document_requests" ADD CONSTRAINT "bank_document_requests_transaction_id_bank_feed_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."bank_feed_transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_document_requests" ADD CONSTRAINT "bank_document_requests_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_document_requests" ADD CONSTRAINT "bank_document_requests_requested_by_user_id_users_id_fk" FOREIGN KEY ("requested_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_matches" ADD CONSTRAINT "bank_matches_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_matches" ADD CONSTRAINT "bank_matches_transaction_id_bank_feed_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."bank_feed_transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_matches" ADD CONSTRAINT "bank_matches_bill_id_bills_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."bills"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_matches" ADD CONSTRAINT "bank_matches_matched_by_user_id_users_id_fk" FOREIGN KEY ("matched_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_matches" ADD CONSTRAINT "bank_matches_undone_by_user_id_users_id_fk" FOREIGN KEY ("undone_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_document_requests_line_key" ON "bank_document_requests" USING btree ("transaction_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_matches_guid_key" ON "bank_matches" USING btree ("guid");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_matches_live_line_key" ON "bank_matches" USING btree ("transaction_id") WHERE "bank_matches"."undone_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_matches_live_bill_key" ON "bank_matches" USING btree ("bill_id") WHERE "bank_matches"."undone_at" is null;--> statement-breakpoint
CREATE INDEX "bank_matches_transaction_idx" ON "bank_matches" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "bank_matches_client_idx" ON "bank_matches" USING btree ("client_id");