CREATE TABLE "bank_feed_accounts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bank_feed_accounts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"guid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"item_id" bigint NOT NULL,
	"client_id" bigint NOT NULL,
	"entity_id" bigint NOT NULL,
	"client_institution_id" bigint,
	"provider_account_id" text NOT NULL,
	"name" text NOT NULL,
	"official_name" text,
	"mask" text,
	"type" text NOT NULL,
	"subtype" text,
	"current_balance" bigint,
	"available_balance" bigint,
	"balance_at" timestamp with time zone,
	"pays_bills" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bank_feed_items" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bank_feed_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"guid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"client_id" bigint NOT NULL,
	"entity_id" bigint NOT NULL,
	"provider_item_id" text NOT NULL,
	"access_token_sealed" text,
	"institution_name" text,
	"status" text DEFAULT 'active' NOT NULL,
	"error_code" text,
	"cursor" text,
	"last_synced_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bank_feed_statements" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bank_feed_statements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"guid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"account_id" bigint NOT NULL,
	"provider_statement_id" text NOT NULL,
	"month" integer NOT NULL,
	"year" integer NOT NULL,
	"date_posted" date,
	"document_id" bigint,
	"reconciliation_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bank_feed_transactions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bank_feed_transactions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"guid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"account_id" bigint NOT NULL,
	"client_id" bigint NOT NULL,
	"entity_id" bigint NOT NULL,
	"provider_transaction_id" text NOT NULL,
	"pending_transaction_id" text,
	"amount" bigint NOT NULL,
	"date" date NOT NULL,
	"name" text NOT NULL,
	"merchant_name" text,
	"check_number" text,
	"pending" boolean NOT NULL,
	"removed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bank_link_sessions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bank_link_sessions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"client_id" bigint NOT NULL,
	"entity_id" bigint NOT NULL,
	"item_id" bigint,
	"link_token" text NOT NULL,
	"started_by_user_id" bigint,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
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
CREATE TABLE "investment_accounts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "investment_accounts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"guid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"client_id" bigint NOT NULL,
	"provider_account_id" text NOT NULL,
	"name" text NOT NULL,
	"number_display" text,
	"type" text NOT NULL,
	"institution_name" text,
	"balance" bigint NOT NULL,
	"balance_date" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "investment_customers" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "investment_customers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"client_id" bigint NOT NULL,
	"provider_customer_id" text NOT NULL,
	"last_refreshed_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "investment_positions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "investment_positions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"account_id" bigint NOT NULL,
	"symbol" text,
	"description" text NOT NULL,
	"units" double precision NOT NULL,
	"market_value" bigint NOT NULL,
	"security_type" text
);
--> statement-breakpoint
CREATE TABLE "mail_scan_connections" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mail_scan_connections_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organization_id" bigint NOT NULL,
	"api_key_sealed" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_scan_mailboxes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mail_scan_mailboxes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"guid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" bigint NOT NULL,
	"provider_mailbox_id" text NOT NULL,
	"name" text NOT NULL,
	"client_id" bigint,
	"last_polled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_scan_pieces" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mail_scan_pieces_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"mailbox_id" bigint NOT NULL,
	"provider_piece_id" text NOT NULL,
	"client_id" bigint NOT NULL,
	"inbox_email_id" bigint,
	"sender_name" text,
	"received_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bank_feed_accounts" ADD CONSTRAINT "bank_feed_accounts_item_id_bank_feed_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."bank_feed_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_feed_accounts" ADD CONSTRAINT "bank_feed_accounts_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_feed_accounts" ADD CONSTRAINT "bank_feed_accounts_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_feed_accounts" ADD CONSTRAINT "bank_feed_accounts_client_institution_id_client_institutions_id_fk" FOREIGN KEY ("client_institution_id") REFERENCES "public"."client_institutions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_feed_items" ADD CONSTRAINT "bank_feed_items_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_feed_items" ADD CONSTRAINT "bank_feed_items_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_feed_statements" ADD CONSTRAINT "bank_feed_statements_account_id_bank_feed_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."bank_feed_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_feed_statements" ADD CONSTRAINT "bank_feed_statements_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_feed_statements" ADD CONSTRAINT "bank_feed_statements_reconciliation_id_reconciliations_id_fk" FOREIGN KEY ("reconciliation_id") REFERENCES "public"."reconciliations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_feed_transactions" ADD CONSTRAINT "bank_feed_transactions_account_id_bank_feed_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."bank_feed_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_feed_transactions" ADD CONSTRAINT "bank_feed_transactions_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_feed_transactions" ADD CONSTRAINT "bank_feed_transactions_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_link_sessions" ADD CONSTRAINT "bank_link_sessions_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_link_sessions" ADD CONSTRAINT "bank_link_sessions_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_link_sessions" ADD CONSTRAINT "bank_link_sessions_started_by_user_id_users_id_fk" FOREIGN KEY ("started_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_document_requests" ADD CONSTRAINT "bank_document_requests_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_document_requests" ADD CONSTRAINT "bank_document_requests_transaction_id_bank_feed_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."bank_feed_transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_document_requests" ADD CONSTRAINT "bank_document_requests_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_document_requests" ADD CONSTRAINT "bank_document_requests_requested_by_user_id_users_id_fk" FOREIGN KEY ("requested_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_matches" ADD CONSTRAINT "bank_matches_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_matches" ADD CONSTRAINT "bank_matches_transaction_id_bank_feed_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."bank_feed_transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_matches" ADD CONSTRAINT "bank_matches_bill_id_bills_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."bills"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_matches" ADD CONSTRAINT "bank_matches_matched_by_user_id_users_id_fk" FOREIGN KEY ("matched_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_matches" ADD CONSTRAINT "bank_matches_undone_by_user_id_users_id_fk" FOREIGN KEY ("undone_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investment_accounts" ADD CONSTRAINT "investment_accounts_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investment_customers" ADD CONSTRAINT "investment_customers_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investment_positions" ADD CONSTRAINT "investment_positions_account_id_investment_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."investment_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_scan_connections" ADD CONSTRAINT "mail_scan_connections_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_scan_mailboxes" ADD CONSTRAINT "mail_scan_mailboxes_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_scan_mailboxes" ADD CONSTRAINT "mail_scan_mailboxes_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_scan_pieces" ADD CONSTRAINT "mail_scan_pieces_mailbox_id_mail_scan_mailboxes_id_fk" FOREIGN KEY ("mailbox_id") REFERENCES "public"."mail_scan_mailboxes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_scan_pieces" ADD CONSTRAINT "mail_scan_pieces_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_scan_pieces" ADD CONSTRAINT "mail_scan_pieces_inbox_email_id_inbox_emails_id_fk" FOREIGN KEY ("inbox_email_id") REFERENCES "public"."inbox_emails"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_feed_accounts_guid_key" ON "bank_feed_accounts" USING btree ("guid");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_feed_accounts_provider_key" ON "bank_feed_accounts" USING btree ("item_id","provider_account_id");--> statement-breakpoint
CREATE INDEX "bank_feed_accounts_client_idx" ON "bank_feed_accounts" USING btree ("client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_feed_accounts_pays_bills_key" ON "bank_feed_accounts" USING btree ("entity_id") WHERE "bank_feed_accounts"."pays_bills";--> statement-breakpoint
CREATE UNIQUE INDEX "bank_feed_items_guid_key" ON "bank_feed_items" USING btree ("guid");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_feed_items_provider_key" ON "bank_feed_items" USING btree ("provider_item_id");--> statement-breakpoint
CREATE INDEX "bank_feed_items_client_idx" ON "bank_feed_items" USING btree ("client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_feed_statements_guid_key" ON "bank_feed_statements" USING btree ("guid");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_feed_statements_provider_key" ON "bank_feed_statements" USING btree ("account_id","provider_statement_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_feed_transactions_guid_key" ON "bank_feed_transactions" USING btree ("guid");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_feed_transactions_provider_key" ON "bank_feed_transactions" USING btree ("provider_transaction_id");--> statement-breakpoint
CREATE INDEX "bank_feed_transactions_account_date_idx" ON "bank_feed_transactions" USING btree ("account_id","date","id");--> statement-breakpoint
CREATE INDEX "bank_feed_transactions_client_date_idx" ON "bank_feed_transactions" USING btree ("client_id","date","id");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_link_sessions_token_key" ON "bank_link_sessions" USING btree ("link_token");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_document_requests_line_key" ON "bank_document_requests" USING btree ("transaction_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_matches_guid_key" ON "bank_matches" USING btree ("guid");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_matches_live_line_key" ON "bank_matches" USING btree ("transaction_id") WHERE "bank_matches"."undone_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_matches_live_bill_key" ON "bank_matches" USING btree ("bill_id") WHERE "bank_matches"."undone_at" is null;--> statement-breakpoint
CREATE INDEX "bank_matches_transaction_idx" ON "bank_matches" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "bank_matches_client_idx" ON "bank_matches" USING btree ("client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "investment_accounts_guid_key" ON "investment_accounts" USING btree ("guid");--> statement-breakpoint
CREATE UNIQUE INDEX "investment_accounts_provider_key" ON "investment_accounts" USING btree ("client_id","provider_account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "investment_customers_client_key" ON "investment_customers" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "investment_positions_account_idx" ON "investment_positions" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "mail_scan_connections_org_key" ON "mail_scan_connections" USING btree ("organization_id");--> statement-breakpoint
CREATE UNIQUE INDEX "mail_scan_mailboxes_provider_key" ON "mail_scan_mailboxes" USING btree ("organization_id","provider_mailbox_id");--> statement-breakpoint
CREATE UNIQUE INDEX "mail_scan_pieces_provider_key" ON "mail_scan_pieces" USING btree ("mailbox_id","provider_piece_id");