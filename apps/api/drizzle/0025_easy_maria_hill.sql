CREATE TABLE "book_account_subtypes" (
	"code" text PRIMARY KEY NOT NULL,
	"type_code" text NOT NULL,
	"name" text NOT NULL,
	"sort_order" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "book_account_types" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"sort_order" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "book_accounts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "book_accounts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"guid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"entity_id" bigint NOT NULL,
	"number" text,
	"name" text NOT NULL,
	"family" text NOT NULL,
	"subtype_code" text NOT NULL,
	"detail_type_code" text,
	"classification_group" text,
	"system_role" text,
	"chart_account_id" bigint,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "book_client_settings" (
	"client_id" bigint PRIMARY KEY NOT NULL,
	"ledger_posting" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "book_closed_periods" (
	"entity_id" bigint NOT NULL,
	"month" date NOT NULL,
	"closed_by" bigint,
	"closed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "book_closed_periods_entity_id_month_pk" PRIMARY KEY("entity_id","month")
);
--> statement-breakpoint
CREATE TABLE "book_detail_types" (
	"code" text PRIMARY KEY NOT NULL,
	"subtype_code" text NOT NULL,
	"name" text NOT NULL,
	"sort_order" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "book_period_balances" (
	"entity_id" bigint NOT NULL,
	"account_id" bigint NOT NULL,
	"month" date NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "book_period_balances_account_id_month_pk" PRIMARY KEY("account_id","month")
);
--> statement-breakpoint
CREATE TABLE "book_pins" (
	"user_id" bigint NOT NULL,
	"account_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "book_pins_user_id_account_id_pk" PRIMARY KEY("user_id","account_id")
);
--> statement-breakpoint
CREATE TABLE "journal_entries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "journal_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"guid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"entity_id" bigint NOT NULL,
	"entry_date" date NOT NULL,
	"memo" text,
	"source" text NOT NULL,
	"source_id" text,
	"kind" text DEFAULT 'manual' NOT NULL,
	"status" text NOT NULL,
	"reversal_of" bigint,
	"created_by" bigint,
	"posted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "journal_lines" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "journal_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"entry_id" bigint NOT NULL,
	"line_no" integer NOT NULL,
	"account_id" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"division_id" bigint,
	"memo" text
);
--> statement-breakpoint
ALTER TABLE "book_account_subtypes" ADD CONSTRAINT "book_account_subtypes_type_code_book_account_types_code_fk" FOREIGN KEY ("type_code") REFERENCES "public"."book_account_types"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "book_accounts" ADD CONSTRAINT "book_accounts_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "book_accounts" ADD CONSTRAINT "book_accounts_subtype_code_book_account_subtypes_code_fk" FOREIGN KEY ("subtype_code") REFERENCES "public"."book_account_subtypes"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "book_accounts" ADD CONSTRAINT "book_accounts_detail_type_code_book_detail_types_code_fk" FOREIGN KEY ("detail_type_code") REFERENCES "public"."book_detail_types"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "book_accounts" ADD CONSTRAINT "book_accounts_chart_account_id_accounts_id_fk" FOREIGN KEY ("chart_account_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "book_client_settings" ADD CONSTRAINT "book_client_settings_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "book_closed_periods" ADD CONSTRAINT "book_closed_periods_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "book_closed_periods" ADD CONSTRAINT "book_closed_periods_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "book_detail_types" ADD CONSTRAINT "book_detail_types_subtype_code_book_account_subtypes_code_fk" FOREIGN KEY ("subtype_code") REFERENCES "public"."book_account_subtypes"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "book_period_balances" ADD CONSTRAINT "book_period_balances_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "book_period_balances" ADD CONSTRAINT "book_period_balances_account_id_book_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."book_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "book_pins" ADD CONSTRAINT "book_pins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "book_pins" ADD CONSTRAINT "book_pins_account_id_book_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."book_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_entries" ADD CONSTRAINT "journal_entries_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_entries" ADD CONSTRAINT "journal_entries_reversal_of_journal_entries_id_fk" FOREIGN KEY ("reversal_of") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_entries" ADD CONSTRAINT "journal_entries_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_lines" ADD CONSTRAINT "journal_lines_entry_id_journal_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_lines" ADD CONSTRAINT "journal_lines_account_id_book_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."book_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_lines" ADD CONSTRAINT "journal_lines_division_id_divisions_id_fk" FOREIGN KEY ("division_id") REFERENCES "public"."divisions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "book_accounts_guid_key" ON "book_accounts" USING btree ("guid");--> statement-breakpoint
CREATE UNIQUE INDEX "book_accounts_entity_number_key" ON "book_accounts" USING btree ("entity_id","number") WHERE "book_accounts"."number" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "book_accounts_entity_role_key" ON "book_accounts" USING btree ("entity_id","system_role") WHERE "book_accounts"."system_role" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "book_accounts_chart_account_key" ON "book_accounts" USING btree ("chart_account_id") WHERE "book_accounts"."chart_account_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "book_accounts_entity_idx" ON "book_accounts" USING btree ("entity_id","number","name");--> statement-breakpoint
CREATE INDEX "book_period_balances_entity_month_idx" ON "book_period_balances" USING btree ("entity_id","month");--> statement-breakpoint
CREATE UNIQUE INDEX "journal_entries_guid_key" ON "journal_entries" USING btree ("guid");--> statement-breakpoint
CREATE UNIQUE INDEX "journal_entries_source_key" ON "journal_entries" USING btree ("source","source_id","kind") WHERE "journal_entries"."source_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "journal_entries_reversal_of_key" ON "journal_entries" USING btree ("reversal_of") WHERE "journal_entries"."reversal_of" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "journal_entries_entity_date_idx" ON "journal_entries" USING btree ("entity_id","entry_date");--> statement-breakpoint
CREATE UNIQUE INDEX "journal_lines_entry_line_key" ON "journal_lines" USING btree ("entry_id","line_no");--> statement-breakpoint
CREATE INDEX "journal_lines_account_idx" ON "journal_lines" USING btree ("account_id","entry_id");