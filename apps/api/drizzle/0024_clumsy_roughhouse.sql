CREATE TABLE "financial_account_balances" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "financial_account_balances_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"guid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"client_institution_id" bigint NOT NULL,
	"balance" bigint NOT NULL,
	"as_of" date NOT NULL,
	"recorded_by_user_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "client_institutions" ADD COLUMN "account_kind" text DEFAULT 'bank' NOT NULL;--> statement-breakpoint
ALTER TABLE "client_institutions" ADD COLUMN "minimum_balance" bigint;--> statement-breakpoint
ALTER TABLE "financial_account_balances" ADD CONSTRAINT "financial_account_balances_client_institution_id_client_institutions_id_fk" FOREIGN KEY ("client_institution_id") REFERENCES "public"."client_institutions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "financial_account_balances" ADD CONSTRAINT "financial_account_balances_recorded_by_user_id_users_id_fk" FOREIGN KEY ("recorded_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "financial_account_balances_guid_key" ON "financial_account_balances" USING btree ("guid");--> statement-breakpoint
CREATE INDEX "financial_account_balances_account_idx" ON "financial_account_balances" USING btree ("client_institution_id","as_of","id");