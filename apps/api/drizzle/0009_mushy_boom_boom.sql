CREATE TABLE "ach_export_bills" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ach_export_bills_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"export_id" bigint NOT NULL,
	"bill_id" bigint NOT NULL,
	"position" integer NOT NULL,
	"trace_number" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ach_exports" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ach_exports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"guid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" bigint NOT NULL,
	"client_id" bigint NOT NULL,
	"paid_from_institution_id" bigint,
	"batch_reference" text NOT NULL,
	"effective_date" date NOT NULL,
	"entry_count" integer NOT NULL,
	"total_amount" bigint NOT NULL,
	"file_text" text NOT NULL,
	"created_by_user_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"recorded_at" timestamp with time zone,
	"recorded_by_user_id" bigint
);
--> statement-breakpoint
CREATE TABLE "ach_settings" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ach_settings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"organization_id" bigint NOT NULL,
	"bank_routing_number" text NOT NULL,
	"bank_name" text NOT NULL,
	"company_identification" text NOT NULL,
	"company_name" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vendor_bank_accounts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "vendor_bank_accounts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"vendor_id" bigint NOT NULL,
	"routing_number" text NOT NULL,
	"account_number" text NOT NULL,
	"account_type" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ach_export_bills" ADD CONSTRAINT "ach_export_bills_export_id_ach_exports_id_fk" FOREIGN KEY ("export_id") REFERENCES "public"."ach_exports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ach_export_bills" ADD CONSTRAINT "ach_export_bills_bill_id_bills_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."bills"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ach_exports" ADD CONSTRAINT "ach_exports_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ach_exports" ADD CONSTRAINT "ach_exports_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ach_exports" ADD CONSTRAINT "ach_exports_paid_from_institution_id_client_institutions_id_fk" FOREIGN KEY ("paid_from_institution_id") REFERENCES "public"."client_institutions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ach_exports" ADD CONSTRAINT "ach_exports_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ach_exports" ADD CONSTRAINT "ach_exports_recorded_by_user_id_users_id_fk" FOREIGN KEY ("recorded_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ach_settings" ADD CONSTRAINT "ach_settings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_bank_accounts" ADD CONSTRAINT "vendor_bank_accounts_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ach_export_bills_export_bill_key" ON "ach_export_bills" USING btree ("export_id","bill_id");--> statement-breakpoint
CREATE INDEX "ach_export_bills_bill_idx" ON "ach_export_bills" USING btree ("bill_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ach_exports_guid_key" ON "ach_exports" USING btree ("guid");--> statement-breakpoint
CREATE INDEX "ach_exports_org_created_idx" ON "ach_exports" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ach_settings_organization_key" ON "ach_settings" USING btree ("organization_id");--> statement-breakpoint
CREATE UNIQUE INDEX "vendor_bank_accounts_vendor_key" ON "vendor_bank_accounts" USING btree ("vendor_id");