-- One lock order for the order-list counts (issue 56): the company's row (FOR KEY SHARE), then the day's '*'
-- count, then the status's, then the month's in the same order. A confirm holds its company's row FOR UPDATE
-- (lockCompanyUnits) and then writes its order's counts; a status move wrote its counts first and then, when a
-- count row its own transaction had already changed is written again (the '*' row: -1, then +1), the foreign
-- key's check waited for the company's row: a confirm and an office move deadlocked (40P01, 500s in the soak
-- at ten times its rates). A new order also took its status's row before '*', a move '*' before its status's.
CREATE OR REPLACE FUNCTION "order_list_count"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  d date;
  company "companies"."id"%TYPE;
BEGIN
  IF TG_OP = 'DELETE' THEN company := OLD.company_id; ELSE company := NEW.company_id; END IF;
  PERFORM 1 FROM "companies" WHERE "id" = company FOR KEY SHARE;
  IF TG_OP <> 'INSERT' AND NOT OLD.is_demo AND OLD.status <> 'pending_risk_review' THEN
    d := (OLD.created_at AT TIME ZONE 'UTC')::date;
    UPDATE "order_list_counts" SET "listed" = "listed" - 1
      WHERE "company_id" = OLD.company_id AND "day" = d AND "status" = '*';
    UPDATE "order_list_counts" SET "listed" = "listed" - 1
      WHERE "company_id" = OLD.company_id AND "day" = d AND "status" = OLD.status;
    UPDATE "order_list_months" SET "listed" = "listed" - 1
      WHERE "company_id" = OLD.company_id AND "month" = date_trunc('month', d)::date AND "status" = '*';
    UPDATE "order_list_months" SET "listed" = "listed" - 1
      WHERE "company_id" = OLD.company_id AND "month" = date_trunc('month', d)::date AND "status" = OLD.status;
  END IF;
  IF TG_OP <> 'DELETE' AND NOT NEW.is_demo AND NEW.status <> 'pending_risk_review' THEN
    d := (NEW.created_at AT TIME ZONE 'UTC')::date;
    INSERT INTO "order_list_counts" AS c ("company_id", "status", "day", "listed")
      VALUES (NEW.company_id, '*', d, 1)
      ON CONFLICT ("company_id", "status", "day") DO UPDATE SET "listed" = c."listed" + 1;
    INSERT INTO "order_list_counts" AS c ("company_id", "status", "day", "listed")
      VALUES (NEW.company_id, NEW.status, d, 1)
      ON CONFLICT ("company_id", "status", "day") DO UPDATE SET "listed" = c."listed" + 1;
    INSERT INTO "order_list_months" AS m ("company_id", "status", "month", "listed")
      VALUES (NEW.company_id, '*', date_trunc('month', d)::date, 1)
      ON CONFLICT ("company_id", "status", "month") DO UPDATE SET "listed" = m."listed" + 1;
    INSERT INTO "order_list_months" AS m ("company_id", "status", "month", "listed")
      VALUES (NEW.company_id, NEW.status, date_trunc('month', d)::date, 1)
      ON CONFLICT ("company_id", "status", "month") DO UPDATE SET "listed" = m."listed" + 1;
  END IF;
  RETURN NULL;
END $$;
