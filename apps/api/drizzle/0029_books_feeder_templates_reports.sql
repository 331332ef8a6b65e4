CREATE TABLE "book_bank_lines" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "book_bank_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"guid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"entity_id" bigint NOT NULL,
	"account_id" bigint NOT NULL,
	"external_id" text NOT NULL,
	"line_date" date NOT NULL,
	"amount" bigint NOT NULL,
	"description" text NOT NULL,
	"counterparty" text,
	"check_number" text,
	"pending" boolean DEFAULT false NOT NULL,
	"categorized_by" text,
	"rule_id" bigint,
	"batch_id" bigint,
	"entry_id" bigint,
	"action" jsonb,
	"vendor_id" bigint,
	"categorizations" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "book_feeder_batches" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "book_feeder_batches_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"guid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"entity_id" bigint NOT NULL,
	"rule_id" bigint,
	"line_count" integer NOT NULL,
	"total_cents" bigint NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"undone_at" timestamp with time zone,
	"undone_by" bigint
);
--> statement-breakpoint
CREATE TABLE "book_feeder_rules" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "book_feeder_rules_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"guid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"entity_id" bigint NOT NULL,
	"name" text NOT NULL,
	"priority" integer NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"filters" jsonb NOT NULL,
	"action" jsonb NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "book_pipeline_runs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "book_pipeline_runs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"guid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"pipeline_id" bigint NOT NULL,
	"month" date NOT NULL,
	"status" text NOT NULL,
	"results" jsonb NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "book_pipelines" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "book_pipelines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"guid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"entity_id" bigint NOT NULL,
	"name" text NOT NULL,
	"steps" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "book_template_groups" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "book_template_groups_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"guid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"entity_id" bigint NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "book_templates" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "book_templates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"guid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"entity_id" bigint NOT NULL,
	"group_id" bigint,
	"name" text NOT NULL,
	"memo" text,
	"base_amount" bigint,
	"day_of_month" integer,
	"lines" jsonb NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "journal_lines" ADD COLUMN "property_id" bigint;--> statement-breakpoint
ALTER TABLE "book_bank_lines" ADD CONSTRAINT "book_bank_lines_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "book_bank_lines" ADD CONSTRAINT "book_bank_lines_account_id_book_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."book_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "book_bank_lines" ADD CONSTRAINT "book_bank_lines_rule_id_book_feeder_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."book_feeder_rules"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "book_bank_lines" ADD CONSTRAINT "book_bank_lines_batch_id_book_feeder_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."book_feeder_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "book_bank_lines" ADD CONSTRAINT "book_bank_lines_entry_id_journal_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "book_bank_lines" ADD CONSTRAINT "book_bank_lines_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "book_feeder_batches" ADD CONSTRAINT "book_feeder_batches_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "book_feeder_batches" ADD CONSTRAINT "book_feeder_batches_rule_id_book_feeder_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."book_feeder_rules"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "book_feeder_batches" ADD CONSTRAINT "book_feeder_batches_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "book_feeder_batches" ADD CONSTRAINT "book_feeder_batches_undone_by_users_id_fk" FOREIGN KEY ("undone_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "book_feeder_rules" ADD CONSTRAINT "book_feeder_rules_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "book_feeder_rules" ADD CONSTRAINT "book_feeder_rules_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "book_pipeline_runs" ADD CONSTRAINT "book_pipeline_runs_pipeline_id_book_pipelines_id_fk" FOREIGN KEY ("pipeline_id") REFERENCES "public"."book_pipelines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "book_pipeline_runs" ADD CONSTRAINT "book_pipeline_runs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "book_pipelines" ADD CONSTRAINT "book_pipelines_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "book_template_groups" ADD CONSTRAINT "book_template_groups_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "book_templates" ADD CONSTRAINT "book_templates_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "book_templates" ADD CONSTRAINT "book_templates_group_id_book_template_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."book_template_groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "book_bank_lines_guid_key" ON "book_bank_lines" USING btree ("guid");--> statement-breakpoint
CREATE UNIQUE INDEX "book_bank_lines_account_external_key" ON "book_bank_lines" USING btree ("account_id","external_id");--> statement-breakpoint
CREATE INDEX "book_bank_lines_entity_date_idx" ON "book_bank_lines" USING btree ("entity_id","line_date");--> statement-breakpoint
CREATE INDEX "book_bank_lines_batch_idx" ON "book_bank_lines" USING btree ("batch_id") WHERE "book_bank_lines"."batch_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "book_feeder_batches_guid_key" ON "book_feeder_batches" USING btree ("guid");--> statement-breakpoint
CREATE INDEX "book_feeder_batches_entity_idx" ON "book_feeder_batches" USING btree ("entity_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "book_feeder_rules_guid_key" ON "book_feeder_rules" USING btree ("guid");--> statement-breakpoint
CREATE INDEX "book_feeder_rules_entity_idx" ON "book_feeder_rules" USING btree ("entity_id","priority");--> statement-breakpoint
CREATE UNIQUE INDEX "book_pipeline_runs_guid_key" ON "book_pipeline_runs" USING btree ("guid");--> statement-breakpoint
CREATE INDEX "book_pipeline_runs_pipeline_idx" ON "book_pipeline_runs" USING btree ("pipeline_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "book_pipelines_guid_key" ON "book_pipelines" USING btree ("guid");--> statement-breakpoint
CREATE UNIQUE INDEX "book_template_groups_guid_key" ON "book_template_groups" USING btree ("guid");--> statement-breakpoint
CREATE UNIQUE INDEX "book_templates_guid_key" ON "book_templates" USING btree ("guid");--> statement-breakpoint
CREATE INDEX "book_templates_entity_idx" ON "book_templates" USING btree ("entity_id","name");--> statement-breakpoint
ALTER TABLE "journal_lines" ADD CONSTRAINT "journal_lines_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "journal_lines_property_idx" ON "journal_lines" USING btree ("property_id") WHERE "journal_lines"."property_id" IS NOT NULL;