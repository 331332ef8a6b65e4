CREATE TABLE "qbd_bills" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "qbd_bills_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"guid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"company_file_id" bigint NOT NULL,
	"txn_id" text,
	"bill_id" bigint,
	"vendor_name" text,
	"ref_number" text,
	"txn_date" text,
	"due_date" text,
	"amount" bigint NOT NULL,
	"is_paid" boolean,
	"status" text NOT NULL,
	"error" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "qbd_company_files" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "qbd_company_files_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"guid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"entity_id" bigint NOT NULL,
	"name" text NOT NULL,
	"username" text NOT NULL,
	"password_hash" text NOT NULL,
	"owner_id" text NOT NULL,
	"file_id" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "qbd_links" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "qbd_links_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"company_file_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"list_id" text NOT NULL,
	"local_id" bigint NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "qbd_sessions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "qbd_sessions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"guid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"company_file_id" bigint NOT NULL,
	"ticket_hash" text NOT NULL,
	"status" text NOT NULL,
	"step" integer DEFAULT 0 NOT NULL,
	"iterator_id" text,
	"pending" jsonb,
	"counts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"last_error" text,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "qbo_bill_exports" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "qbo_bill_exports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"guid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"entity_id" bigint NOT NULL,
	"bill_id" bigint NOT NULL,
	"round" integer NOT NULL,
	"kind" text NOT NULL,
	"ordinal" integer DEFAULT 1 NOT NULL,
	"status" text NOT NULL,
	"lease_until" timestamp with time zone,
	"qbo_id" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"error" text,
	"exported_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "qbo_connections" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "qbo_connections_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"guid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"entity_id" bigint NOT NULL,
	"realm_id" text NOT NULL,
	"company_name" text,
	"status" text NOT NULL,
	"sealed_tokens" text,
	"access_expires_at" timestamp with time zone,
	"refresh_expires_at" timestamp with time zone,
	"last_error" text,
	"payment_account_qbo_id" text,
	"book_balance" bigint,
	"book_balance_at" timestamp with time zone,
	"changed_since" timestamp with time zone,
	"connected_by_user_id" bigint,
	"connected_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "qbo_links" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "qbo_links_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"entity_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"qbo_id" text NOT NULL,
	"local_id" bigint NOT NULL,
	"qbo_type" text,
	"balance" bigint,
	"sync_token" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "qbo_oauth_states" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "qbo_oauth_states_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"state_hash" text NOT NULL,
	"entity_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"sealed_verifier" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "qbo_syncs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "qbo_syncs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"guid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"entity_id" bigint NOT NULL,
	"job_id" text,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"requested_by_user_id" bigint,
	"counts" jsonb,
	"results" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"error" text,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "qbd_bills" ADD CONSTRAINT "qbd_bills_company_file_id_qbd_company_files_id_fk" FOREIGN KEY ("company_file_id") REFERENCES "public"."qbd_company_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qbd_bills" ADD CONSTRAINT "qbd_bills_bill_id_bills_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."bills"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qbd_company_files" ADD CONSTRAINT "qbd_company_files_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qbd_links" ADD CONSTRAINT "qbd_links_company_file_id_qbd_company_files_id_fk" FOREIGN KEY ("company_file_id") REFERENCES "public"."qbd_company_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qbd_sessions" ADD CONSTRAINT "qbd_sessions_company_file_id_qbd_company_files_id_fk" FOREIGN KEY ("company_file_id") REFERENCES "public"."qbd_company_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qbo_bill_exports" ADD CONSTRAINT "qbo_bill_exports_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qbo_bill_exports" ADD CONSTRAINT "qbo_bill_exports_bill_id_bills_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."bills"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qbo_connections" ADD CONSTRAINT "qbo_connections_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qbo_connections" ADD CONSTRAINT "qbo_connections_connected_by_user_id_users_id_fk" FOREIGN KEY ("connected_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qbo_links" ADD CONSTRAINT "qbo_links_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qbo_oauth_states" ADD CONSTRAINT "qbo_oauth_states_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qbo_oauth_states" ADD CONSTRAINT "qbo_oauth_states_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qbo_syncs" ADD CONSTRAINT "qbo_syncs_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qbo_syncs" ADD CONSTRAINT "qbo_syncs_requested_by_user_id_users_id_fk" FOREIGN KEY ("requested_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "qbd_bills_guid_key" ON "qbd_bills" USING btree ("guid");--> statement-breakpoint
CREATE UNIQUE INDEX "qbd_bills_txn_key" ON "qbd_bills" USING btree ("company_file_id","txn_id");--> statement-breakpoint
CREATE UNIQUE INDEX "qbd_bills_bill_key" ON "qbd_bills" USING btree ("company_file_id","bill_id");--> statement-breakpoint
CREATE UNIQUE INDEX "qbd_company_files_guid_key" ON "qbd_company_files" USING btree ("guid");--> statement-breakpoint
CREATE UNIQUE INDEX "qbd_company_files_user_key" ON "qbd_company_files" USING btree ("username");--> statement-breakpoint
CREATE UNIQUE INDEX "qbd_links_object_key" ON "qbd_links" USING btree ("company_file_id","kind","list_id");--> statement-breakpoint
CREATE UNIQUE INDEX "qbd_sessions_guid_key" ON "qbd_sessions" USING btree ("guid");--> statement-breakpoint
CREATE UNIQUE INDEX "qbd_sessions_ticket_key" ON "qbd_sessions" USING btree ("ticket_hash");--> statement-breakpoint
CREATE INDEX "qbd_sessions_file_idx" ON "qbd_sessions" USING btree ("company_file_id","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "qbo_bill_exports_guid_key" ON "qbo_bill_exports" USING btree ("guid");--> statement-breakpoint
CREATE UNIQUE INDEX "qbo_bill_exports_once_key" ON "qbo_bill_exports" USING btree ("bill_id","round","kind","ordinal");--> statement-breakpoint
CREATE INDEX "qbo_bill_exports_pending_idx" ON "qbo_bill_exports" USING btree ("entity_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "qbo_connections_guid_key" ON "qbo_connections" USING btree ("guid");--> statement-breakpoint
CREATE UNIQUE INDEX "qbo_connections_entity_key" ON "qbo_connections" USING btree ("entity_id");--> statement-breakpoint
CREATE UNIQUE INDEX "qbo_links_object_key" ON "qbo_links" USING btree ("entity_id","kind","qbo_id");--> statement-breakpoint
CREATE INDEX "qbo_links_local_idx" ON "qbo_links" USING btree ("entity_id","kind","local_id");--> statement-breakpoint
CREATE UNIQUE INDEX "qbo_oauth_states_hash_key" ON "qbo_oauth_states" USING btree ("state_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "qbo_syncs_guid_key" ON "qbo_syncs" USING btree ("guid");--> statement-breakpoint
CREATE INDEX "qbo_syncs_entity_idx" ON "qbo_syncs" USING btree ("entity_id","created_at");