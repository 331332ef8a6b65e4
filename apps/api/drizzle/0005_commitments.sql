CREATE TABLE "commitment_instances" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "commitment_instances_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"guid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"commitment_id" bigint NOT NULL,
	"scheduled_date" date NOT NULL,
	"due_date" date NOT NULL,
	"expected_amount" bigint,
	"bill_id" bigint,
	"skipped_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "commitment_notes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "commitment_notes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"guid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"commitment_id" bigint NOT NULL,
	"user_id" bigint,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "commitments" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "commitments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"guid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" bigint NOT NULL,
	"client_id" bigint NOT NULL,
	"entity_id" bigint NOT NULL,
	"vendor_id" bigint NOT NULL,
	"category" text NOT NULL,
	"frequency" text NOT NULL,
	"expected_amount" bigint,
	"is_variable" boolean DEFAULT false NOT NULL,
	"due_day" integer,
	"due_month" integer,
	"start_date" date NOT NULL,
	"end_date" date,
	"payment_method" text NOT NULL,
	"account_id" bigint,
	"division_id" bigint,
	"memo" text DEFAULT '' NOT NULL,
	"autopay" boolean DEFAULT false NOT NULL,
	"archived_at" timestamp with time zone,
	"created_by_user_id" bigint,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "commitment_instances" ADD CONSTRAINT "commitment_instances_commitment_id_commitments_id_fk" FOREIGN KEY ("commitment_id") REFERENCES "public"."commitments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commitment_instances" ADD CONSTRAINT "commitment_instances_bill_id_bills_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."bills"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commitment_notes" ADD CONSTRAINT "commitment_notes_commitment_id_commitments_id_fk" FOREIGN KEY ("commitment_id") REFERENCES "public"."commitments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commitment_notes" ADD CONSTRAINT "commitment_notes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commitments" ADD CONSTRAINT "commitments_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commitments" ADD CONSTRAINT "commitments_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commitments" ADD CONSTRAINT "commitments_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commitments" ADD CONSTRAINT "commitments_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commitments" ADD CONSTRAINT "commitments_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commitments" ADD CONSTRAINT "commitments_division_id_divisions_id_fk" FOREIGN KEY ("division_id") REFERENCES "public"."divisions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commitments" ADD CONSTRAINT "commitments_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "commitment_instances_guid_key" ON "commitment_instances" USING btree ("guid");--> statement-breakpoint
CREATE UNIQUE INDEX "commitment_instances_schedule_key" ON "commitment_instances" USING btree ("commitment_id","scheduled_date");--> statement-breakpoint
CREATE INDEX "commitment_instances_due_idx" ON "commitment_instances" USING btree ("due_date");--> statement-breakpoint
CREATE UNIQUE INDEX "commitment_instances_bill_key" ON "commitment_instances" USING btree ("bill_id") WHERE "commitment_instances"."bill_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "commitment_notes_guid_key" ON "commitment_notes" USING btree ("guid");--> statement-breakpoint
CREATE INDEX "commitment_notes_commitment_idx" ON "commitment_notes" USING btree ("commitment_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "commitments_guid_key" ON "commitments" USING btree ("guid");--> statement-breakpoint
CREATE INDEX "commitments_org_active_idx" ON "commitments" USING btree ("organization_id","created_at","id") WHERE "commitments"."archived_at" IS NULL;--> statement-breakpoint
CREATE INDEX "commitments_client_idx" ON "commitments" USING btree ("client_id","entity_id");--> statement-breakpoint
CREATE INDEX "commitments_vendor_idx" ON "commitments" USING btree ("vendor_id");--> statement-breakpoint
CREATE INDEX "bill_message_receipts_reader_idx" ON "bill_message_receipts" USING btree ("user_id","organization_id","message_id");