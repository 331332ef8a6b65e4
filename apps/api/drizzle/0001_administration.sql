CREATE TABLE "bank_contacts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bank_contacts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"guid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"client_id" bigint NOT NULL,
	"client_institution_id" bigint,
	"name" text NOT NULL,
	"title" text,
	"email" text,
	"phone" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "client_institutions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "client_institutions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"guid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"client_id" bigint NOT NULL,
	"parent_institution_id" bigint,
	"name" text NOT NULL,
	"account_last4" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contacts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "contacts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"guid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"client_id" bigint NOT NULL,
	"name" text NOT NULL,
	"email_address" text,
	"phone" text,
	"relation" text,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "documents" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "documents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"guid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"client_id" bigint NOT NULL,
	"entity_id" bigint,
	"file_key" text NOT NULL,
	"original_name" text NOT NULL,
	"mime_type" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"uploaded_by_user_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "properties" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "properties_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"guid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"client_id" bigint NOT NULL,
	"entity_id" bigint,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"addr1" text,
	"addr2" text,
	"city" text,
	"state" text,
	"postal_code" text,
	"country" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "client_assignments" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "client_assignments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"guid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"organization_user_id" bigint NOT NULL,
	"client_id" bigint NOT NULL,
	"kind" text DEFAULT 'assigned' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "accounts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "accounts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"guid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"entity_id" bigint NOT NULL,
	"parent_id" bigint,
	"name" text NOT NULL,
	"number" text,
	"account_type" text,
	"assignable_to_bill" boolean DEFAULT true NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "customers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"guid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"entity_id" bigint NOT NULL,
	"name" text NOT NULL,
	"email" text,
	"phone" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "designated_entities" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "designated_entities_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"client_user_id" bigint NOT NULL,
	"entity_id" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "designated_vendors" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "designated_vendors_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"client_user_id" bigint NOT NULL,
	"vendor_id" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "divisions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "divisions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"guid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"entity_id" bigint NOT NULL,
	"name" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "entities" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "entities_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"guid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"client_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"nickname" text NOT NULL,
	"corporate_id" text,
	"allowable_payment_threshold" numeric(7, 5),
	"client_pre_approval_required" boolean DEFAULT false NOT NULL,
	"client_pre_approval_threshold" bigint DEFAULT 0 NOT NULL,
	"enable_multiple_approvers" boolean DEFAULT false NOT NULL,
	"multiple_approver_threshold" bigint DEFAULT 0 NOT NULL,
	"minimum_account_balance" bigint DEFAULT 0 NOT NULL,
	"filing_date" date,
	"is_qbo_class" boolean DEFAULT false NOT NULL,
	"is_quickbooks_required" boolean DEFAULT false NOT NULL,
	"parent_entity_id" bigint,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "excluded_vendors" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "excluded_vendors_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"client_user_id" bigint NOT NULL,
	"vendor_id" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_terms" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_terms_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"guid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"entity_id" bigint NOT NULL,
	"name" text NOT NULL,
	"due_days" integer DEFAULT 30 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vendors" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "vendors_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"guid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"entity_id" bigint NOT NULL,
	"name" text NOT NULL,
	"addr1" text,
	"addr2" text,
	"city" text,
	"state" text,
	"postal_code" text,
	"country" text,
	"email" text,
	"primary_phone" text,
	"vendor_type" text,
	"tax_id_number" text,
	"parent_vendor_id" bigint,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "group_permissions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "group_permissions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"group_id" bigint NOT NULL,
	"slug" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "group_users" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "group_users_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"group_id" bigint NOT NULL,
	"organization_user_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "groups" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "groups_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"guid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" bigint NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "parent_institutions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "parent_institutions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"guid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"website" text,
	"routing_number" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "client_users" ADD COLUMN "approval_limit" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "client_users" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "onboarding_invited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "support_email" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "support_phone" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "bank_contacts" ADD CONSTRAINT "bank_contacts_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_contacts" ADD CONSTRAINT "bank_contacts_client_institution_id_client_institutions_id_fk" FOREIGN KEY ("client_institution_id") REFERENCES "public"."client_institutions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_institutions" ADD CONSTRAINT "client_institutions_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_institutions" ADD CONSTRAINT "client_institutions_parent_institution_id_parent_institutions_id_fk" FOREIGN KEY ("parent_institution_id") REFERENCES "public"."parent_institutions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_uploaded_by_user_id_users_id_fk" FOREIGN KEY ("uploaded_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_assignments" ADD CONSTRAINT "client_assignments_organization_user_id_organization_users_id_fk" FOREIGN KEY ("organization_user_id") REFERENCES "public"."organization_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_assignments" ADD CONSTRAINT "client_assignments_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "designated_entities" ADD CONSTRAINT "designated_entities_client_user_id_client_users_id_fk" FOREIGN KEY ("client_user_id") REFERENCES "public"."client_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "designated_entities" ADD CONSTRAINT "designated_entities_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "designated_vendors" ADD CONSTRAINT "designated_vendors_client_user_id_client_users_id_fk" FOREIGN KEY ("client_user_id") REFERENCES "public"."client_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "designated_vendors" ADD CONSTRAINT "designated_vendors_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "divisions" ADD CONSTRAINT "divisions_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entities" ADD CONSTRAINT "entities_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "excluded_vendors" ADD CONSTRAINT "excluded_vendors_client_user_id_client_users_id_fk" FOREIGN KEY ("client_user_id") REFERENCES "public"."client_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "excluded_vendors" ADD CONSTRAINT "excluded_vendors_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_terms" ADD CONSTRAINT "payment_terms_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendors" ADD CONSTRAINT "vendors_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_permissions" ADD CONSTRAINT "group_permissions_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_users" ADD CONSTRAINT "group_users_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_users" ADD CONSTRAINT "group_users_organization_user_id_organization_users_id_fk" FOREIGN KEY ("organization_user_id") REFERENCES "public"."organization_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "groups" ADD CONSTRAINT "groups_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_contacts_guid_key" ON "bank_contacts" USING btree ("guid");--> statement-breakpoint
CREATE INDEX "bank_contacts_client_idx" ON "bank_contacts" USING btree ("client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "client_institutions_guid_key" ON "client_institutions" USING btree ("guid");--> statement-breakpoint
CREATE INDEX "client_institutions_client_idx" ON "client_institutions" USING btree ("client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "contacts_guid_key" ON "contacts" USING btree ("guid");--> statement-breakpoint
CREATE INDEX "contacts_client_idx" ON "contacts" USING btree ("client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "documents_guid_key" ON "documents" USING btree ("guid");--> statement-breakpoint
CREATE INDEX "documents_client_created_idx" ON "documents" USING btree ("client_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "properties_guid_key" ON "properties" USING btree ("guid");--> statement-breakpoint
CREATE INDEX "properties_client_idx" ON "properties" USING btree ("client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "client_assignments_guid_key" ON "client_assignments" USING btree ("guid");--> statement-breakpoint
CREATE UNIQUE INDEX "client_assignments_user_client_key" ON "client_assignments" USING btree ("organization_user_id","client_id");--> statement-breakpoint
CREATE INDEX "client_assignments_client_idx" ON "client_assignments" USING btree ("client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_guid_key" ON "accounts" USING btree ("guid");--> statement-breakpoint
CREATE INDEX "accounts_entity_idx" ON "accounts" USING btree ("entity_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "customers_guid_key" ON "customers" USING btree ("guid");--> statement-breakpoint
CREATE INDEX "customers_entity_idx" ON "customers" USING btree ("entity_id");--> statement-breakpoint
CREATE UNIQUE INDEX "designated_entities_key" ON "designated_entities" USING btree ("client_user_id","entity_id");--> statement-breakpoint
CREATE UNIQUE INDEX "designated_vendors_key" ON "designated_vendors" USING btree ("client_user_id","vendor_id");--> statement-breakpoint
CREATE UNIQUE INDEX "divisions_guid_key" ON "divisions" USING btree ("guid");--> statement-breakpoint
CREATE INDEX "divisions_entity_idx" ON "divisions" USING btree ("entity_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "entities_guid_key" ON "entities" USING btree ("guid");--> statement-breakpoint
CREATE INDEX "entities_client_idx" ON "entities" USING btree ("client_id","nickname");--> statement-breakpoint
CREATE UNIQUE INDEX "excluded_vendors_key" ON "excluded_vendors" USING btree ("client_user_id","vendor_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_terms_guid_key" ON "payment_terms" USING btree ("guid");--> statement-breakpoint
CREATE INDEX "payment_terms_entity_idx" ON "payment_terms" USING btree ("entity_id");--> statement-breakpoint
CREATE UNIQUE INDEX "vendors_guid_key" ON "vendors" USING btree ("guid");--> statement-breakpoint
CREATE INDEX "vendors_entity_name_idx" ON "vendors" USING btree ("entity_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "group_permissions_group_slug_key" ON "group_permissions" USING btree ("group_id","slug");--> statement-breakpoint
CREATE UNIQUE INDEX "group_users_group_user_key" ON "group_users" USING btree ("group_id","organization_user_id");--> statement-breakpoint
CREATE INDEX "group_users_org_user_idx" ON "group_users" USING btree ("organization_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "groups_guid_key" ON "groups" USING btree ("guid");--> statement-breakpoint
CREATE UNIQUE INDEX "groups_org_name_key" ON "groups" USING btree ("organization_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "parent_institutions_guid_key" ON "parent_institutions" USING btree ("guid");--> statement-breakpoint
CREATE UNIQUE INDEX "parent_institutions_name_key" ON "parent_institutions" USING btree (lower("name"));