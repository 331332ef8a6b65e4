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
CREATE UNIQUE INDEX "bank_link_sessions_token_key" ON "bank_link_sessions" USING btree ("link_token");