CREATE TABLE "parent_vendors" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "parent_vendors_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"guid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" bigint NOT NULL,
	"name" text NOT NULL,
	"tax_id_number" text,
	"addr1" text,
	"addr2" text,
	"city" text,
	"state" text,
	"postal_code" text,
	"country" text,
	"email" text,
	"primary_phone" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"verification_status" text DEFAULT 'verified' NOT NULL,
	"details_changed_by_user_id" bigint,
	"details_changed_at" timestamp with time zone,
	"merged_into_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vendor_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "vendor_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"guid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" bigint NOT NULL,
	"parent_vendor_id" bigint,
	"vendor_id" bigint,
	"kind" text NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"user_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "verification_status" text DEFAULT 'verified' NOT NULL;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "details_changed_by_user_id" bigint;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "details_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "merged_into_id" bigint;--> statement-breakpoint
ALTER TABLE "parent_vendors" ADD CONSTRAINT "parent_vendors_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parent_vendors" ADD CONSTRAINT "parent_vendors_details_changed_by_user_id_users_id_fk" FOREIGN KEY ("details_changed_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parent_vendors" ADD CONSTRAINT "parent_vendors_merged_into_id_parent_vendors_id_fk" FOREIGN KEY ("merged_into_id") REFERENCES "public"."parent_vendors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_events" ADD CONSTRAINT "vendor_events_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_events" ADD CONSTRAINT "vendor_events_parent_vendor_id_parent_vendors_id_fk" FOREIGN KEY ("parent_vendor_id") REFERENCES "public"."parent_vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_events" ADD CONSTRAINT "vendor_events_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_events" ADD CONSTRAINT "vendor_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "parent_vendors_guid_key" ON "parent_vendors" USING btree ("guid");--> statement-breakpoint
CREATE INDEX "parent_vendors_organization_name_idx" ON "parent_vendors" USING btree ("organization_id","name");--> statement-breakpoint
CREATE INDEX "parent_vendors_name_trgm_idx" ON "parent_vendors" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "vendor_events_guid_key" ON "vendor_events" USING btree ("guid");--> statement-breakpoint
CREATE INDEX "vendor_events_parent_idx" ON "vendor_events" USING btree ("parent_vendor_id","id");--> statement-breakpoint
CREATE INDEX "vendor_events_vendor_idx" ON "vendor_events" USING btree ("vendor_id","id");--> statement-breakpoint
ALTER TABLE "vendors" ADD CONSTRAINT "vendors_details_changed_by_user_id_users_id_fk" FOREIGN KEY ("details_changed_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendors" ADD CONSTRAINT "vendors_merged_into_id_vendors_id_fk" FOREIGN KEY ("merged_into_id") REFERENCES "public"."vendors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "vendors_parent_vendor_idx" ON "vendors" USING btree ("parent_vendor_id");