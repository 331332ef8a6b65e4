-- Books (issue 17, decision 030): the account catalogue as reference data, and the ledger's rules in the
-- database itself, so no path of the application (nor a hand-written statement) can break them:
--   * a posted entry balances (its lines sum to zero) and has two lines or more: a DEFERRABLE INITIALLY
--     DEFERRED constraint trigger checks it at commit, after every line of the transaction is written;
--   * a posted entry and its lines never change and are never deleted (corrections are reversals), and
--     lines join a posted entry only in the transaction that wrote it;
--   * nothing posts into a closed period of the entity;
--   * a line's account belongs to the entry's entity;
--   * book_period_balances (account x month) is kept as lines post, in the same transaction.
-- Error codes BK001..BK004 let the API answer each refusal (modules/books/ledger-errors.ts).
INSERT INTO book_account_types (code, name, sort_order) VALUES
  ('asset', 'Assets', 1),
  ('liability', 'Liabilities', 2),
  ('equity', 'Equity', 3),
  ('income', 'Income', 4),
  ('expense', 'Expenses', 5);
--> statement-breakpoint
INSERT INTO book_account_subtypes (code, type_code, name, sort_order) VALUES
  ('bank', 'asset', 'Bank', 1),
  ('accounts_receivable', 'asset', 'Accounts receivable (A/R)', 2),
  ('other_current_asset', 'asset', 'Other Current Assets', 3),
  ('fixed_asset', 'asset', 'Fixed Assets', 4),
  ('other_asset', 'asset', 'Other Assets', 5),
  ('accounts_payable', 'liability', 'Accounts payable (A/P)', 6),
  ('credit_card', 'liability', 'Credit Card', 7),
  ('other_current_liability', 'liability', 'Other Current Liabilities', 8),
  ('long_term_liability', 'liability', 'Long Term Liabilities', 9),
  ('equity', 'equity', 'Equity', 10),
  ('income', 'income', 'Income', 11),
  ('other_income', 'income', 'Other Income', 12),
  ('cost_of_goods_sold', 'expense', 'Cost of Goods Sold', 13),
  ('expense', 'expense', 'Expenses', 14),
  ('other_expense', 'expense', 'Other Expense', 15);
--> statement-breakpoint
INSERT INTO book_detail_types (code, subtype_code, name, sort_order) VALUES
  ('checking', 'bank', 'Checking', 1),
  ('savings', 'bank', 'Savings', 2),
  ('money_market', 'bank', 'Money Market', 3),
  ('cash_on_hand', 'bank', 'Cash on hand', 4),
  ('accounts_receivable', 'accounts_receivable', 'Accounts Receivable (A/R)', 5),
  ('prepaid_expenses', 'other_current_asset', 'Prepaid Expenses', 6),
  ('undeposited_funds', 'other_current_asset', 'Undeposited Funds', 7),
  ('inventory', 'other_current_asset', 'Inventory', 8),
  ('buildings', 'fixed_asset', 'Buildings', 9),
  ('land', 'fixed_asset', 'Land', 10),
  ('vehicles', 'fixed_asset', 'Vehicles', 11),
  ('furniture_and_fixtures', 'fixed_asset', 'Furniture & Fixtures', 12),
  ('accumulated_depreciation', 'fixed_asset', 'Accumulated Depreciation', 13),
  ('security_deposits', 'other_asset', 'Security Deposits', 14),
  ('investments', 'other_asset', 'Investments', 15),
  ('accounts_payable', 'accounts_payable', 'Accounts Payable (A/P)', 16),
  ('credit_card', 'credit_card', 'Credit Card', 17),
  ('payroll_liabilities', 'other_current_liability', 'Payroll Liabilities', 18),
  ('sales_tax_payable', 'other_current_liability', 'Sales Tax Payable', 19),
  ('line_of_credit', 'other_current_liability', 'Line of Credit', 20),
  ('notes_payable', 'long_term_liability', 'Notes Payable', 21),
  ('mortgage', 'long_term_liability', 'Mortgage', 22),
  ('opening_balance_equity', 'equity', 'Opening Balance Equity', 23),
  ('owners_equity', 'equity', 'Owner''s Equity', 24),
  ('retained_earnings', 'equity', 'Retained Earnings', 25),
  ('partner_contributions', 'equity', 'Partner Contributions', 26),
  ('service_fee_income', 'income', 'Service/Fee Income', 27),
  ('sales_of_product_income', 'income', 'Sales of Product Income', 28),
  ('rental_income', 'income', 'Rental Income', 29),
  ('interest_earned', 'other_income', 'Interest Earned', 30),
  ('dividend_income', 'other_income', 'Dividend Income', 31),
  ('other_miscellaneous_income', 'other_income', 'Other Miscellaneous Income', 32),
  ('supplies_materials_cogs', 'cost_of_goods_sold', 'Supplies & Materials - COGS', 33),
  ('utilities', 'expense', 'Utilities', 34),
  ('insurance', 'expense', 'Insurance', 35),
  ('repair_maintenance', 'expense', 'Repair & Maintenance', 36),
  ('legal_professional_fees', 'expense', 'Legal & Professional Fees', 37),
  ('office_general_administrative', 'expense', 'Office/General Administrative Expenses', 38),
  ('rent_or_lease_of_buildings', 'expense', 'Rent or Lease of Buildings', 39),
  ('taxes_paid', 'expense', 'Taxes Paid', 40),
  ('travel', 'expense', 'Travel', 41),
  ('depreciation', 'other_expense', 'Depreciation', 42),
  ('other_miscellaneous_expense', 'other_expense', 'Other Miscellaneous Expense', 43);
--> statement-breakpoint
CREATE FUNCTION books_entry_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.status = 'posted' THEN
    RAISE EXCEPTION 'journal entry % is posted and cannot be changed', OLD.guid USING ERRCODE = 'BK002';
  END IF;
  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  IF NEW.status = 'posted' AND EXISTS (
    SELECT 1 FROM book_closed_periods p
    WHERE p.entity_id = NEW.entity_id AND p.month = date_trunc('month', NEW.entry_date)::date
  ) THEN
    RAISE EXCEPTION 'the period of % is closed', NEW.entry_date USING ERRCODE = 'BK003';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER journal_entries_guard BEFORE INSERT OR UPDATE OR DELETE ON journal_entries
  FOR EACH ROW EXECUTE FUNCTION books_entry_guard();
--> statement-breakpoint
CREATE FUNCTION books_entry_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  line_count bigint;
  total numeric;
BEGIN
  IF NEW.status <> 'posted' THEN
    RETURN NULL;
  END IF;
  SELECT count(*), coalesce(sum(amount), 0) INTO line_count, total FROM journal_lines WHERE entry_id = NEW.id;
  IF line_count < 2 OR total <> 0 THEN
    RAISE EXCEPTION 'journal entry % does not balance (% lines, total %)', NEW.guid, line_count, total
      USING ERRCODE = 'BK001';
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER journal_entries_balanced AFTER INSERT OR UPDATE ON journal_entries
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION books_entry_balanced();
--> statement-breakpoint
CREATE FUNCTION books_line_guard() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  entry record;
  account_entity bigint;
BEGIN
  SELECT e.status, e.entity_id, e.xmin AS written_by INTO entry FROM journal_entries e
    WHERE e.id = CASE WHEN TG_OP = 'DELETE' THEN OLD.entry_id ELSE NEW.entry_id END;
  IF TG_OP = 'DELETE' THEN
    -- entry is null when the entry itself is being deleted (a draft's cascade)
    IF entry.status = 'posted' THEN
      RAISE EXCEPTION 'lines of a posted journal entry cannot be deleted' USING ERRCODE = 'BK002';
    END IF;
    RETURN OLD;
  END IF;
  IF TG_OP = 'UPDATE' AND entry.status = 'posted' THEN
    RAISE EXCEPTION 'lines of a posted journal entry cannot be changed' USING ERRCODE = 'BK002';
  END IF;
  IF TG_OP = 'INSERT' AND entry.status = 'posted' AND entry.written_by <> xid(pg_current_xact_id()) THEN
    RAISE EXCEPTION 'lines cannot be added to a posted journal entry' USING ERRCODE = 'BK002';
  END IF;
  SELECT a.entity_id INTO account_entity FROM book_accounts a WHERE a.id = NEW.account_id;
  IF account_entity IS DISTINCT FROM entry.entity_id THEN
    RAISE EXCEPTION 'the account of a journal line belongs to another entity' USING ERRCODE = 'BK004';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER journal_lines_guard BEFORE INSERT OR UPDATE OR DELETE ON journal_lines
  FOR EACH ROW EXECUTE FUNCTION books_line_guard();
--> statement-breakpoint
CREATE FUNCTION books_line_posted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO book_period_balances (entity_id, account_id, month, amount)
  SELECT e.entity_id, NEW.account_id, date_trunc('month', e.entry_date)::date, NEW.amount
  FROM journal_entries e WHERE e.id = NEW.entry_id AND e.status = 'posted'
  ON CONFLICT (account_id, month) DO UPDATE SET amount = book_period_balances.amount + EXCLUDED.amount;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER journal_lines_posted AFTER INSERT ON journal_lines
  FOR EACH ROW EXECUTE FUNCTION books_line_posted();
--> statement-breakpoint
CREATE FUNCTION books_entry_posted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO book_period_balances (entity_id, account_id, month, amount)
  SELECT NEW.entity_id, l.account_id, date_trunc('month', NEW.entry_date)::date, sum(l.amount)
  FROM journal_lines l WHERE l.entry_id = NEW.id GROUP BY l.account_id
  ON CONFLICT (account_id, month) DO UPDATE SET amount = book_period_balances.amount + EXCLUDED.amount;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER journal_entries_posted AFTER UPDATE OF status ON journal_entries
  FOR EACH ROW WHEN (OLD.status = 'draft' AND NEW.status = 'posted') EXECUTE FUNCTION books_entry_posted();
