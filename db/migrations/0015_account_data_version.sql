-- The account's data version (docs/decisions/023): one more on every insert, update and
-- delete of the account's customers, jobs, estimates, invoices and payments, whatever the
-- column. A figure worked out from those rows at one version (the reports) still holds
-- while the version does, on any server sharing the database. Inserts create the
-- account's row when it has none, as the totals' triggers do (whichever fires first);
-- updates and deletes only update it.
ALTER TABLE `account_totals` ADD `data_version` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE TRIGGER `customers_version_insert` AFTER INSERT ON `customers` BEGIN
  INSERT INTO `account_totals` (user_id, data_version) VALUES (new.user_id, 1)
    ON CONFLICT (user_id) DO UPDATE SET data_version = data_version + 1;
END;--> statement-breakpoint
CREATE TRIGGER `customers_version_update` AFTER UPDATE ON `customers` BEGIN
  UPDATE `account_totals` SET data_version = data_version + 1 WHERE user_id IN (old.user_id, new.user_id);
END;--> statement-breakpoint
CREATE TRIGGER `customers_version_delete` AFTER DELETE ON `customers` BEGIN
  UPDATE `account_totals` SET data_version = data_version + 1 WHERE user_id = old.user_id;
END;--> statement-breakpoint
CREATE TRIGGER `jobs_version_insert` AFTER INSERT ON `jobs` BEGIN
  INSERT INTO `account_totals` (user_id, data_version) VALUES (new.user_id, 1)
    ON CONFLICT (user_id) DO UPDATE SET data_version = data_version + 1;
END;--> statement-breakpoint
CREATE TRIGGER `jobs_version_update` AFTER UPDATE ON `jobs` BEGIN
  UPDATE `account_totals` SET data_version = data_version + 1 WHERE user_id IN (old.user_id, new.user_id);
END;--> statement-breakpoint
CREATE TRIGGER `jobs_version_delete` AFTER DELETE ON `jobs` BEGIN
  UPDATE `account_totals` SET data_version = data_version + 1 WHERE user_id = old.user_id;
END;--> statement-breakpoint
CREATE TRIGGER `estimates_version_insert` AFTER INSERT ON `estimates` BEGIN
  INSERT INTO `account_totals` (user_id, data_version) VALUES (new.user_id, 1)
    ON CONFLICT (user_id) DO UPDATE SET data_version = data_version + 1;
END;--> statement-breakpoint
CREATE TRIGGER `estimates_version_update` AFTER UPDATE ON `estimates` BEGIN
  UPDATE `account_totals` SET data_version = data_version + 1 WHERE user_id IN (old.user_id, new.user_id);
END;--> statement-breakpoint
CREATE TRIGGER `estimates_version_delete` AFTER DELETE ON `estimates` BEGIN
  UPDATE `account_totals` SET data_version = data_version + 1 WHERE user_id = old.user_id;
END;--> statement-breakpoint
CREATE TRIGGER `invoices_version_insert` AFTER INSERT ON `invoices` BEGIN
  INSERT INTO `account_totals` (user_id, data_version) VALUES (new.user_id, 1)
    ON CONFLICT (user_id) DO UPDATE SET data_version = data_version + 1;
END;--> statement-breakpoint
CREATE TRIGGER `invoices_version_update` AFTER UPDATE ON `invoices` BEGIN
  UPDATE `account_totals` SET data_version = data_version + 1 WHERE user_id IN (old.user_id, new.user_id);
END;--> statement-breakpoint
CREATE TRIGGER `invoices_version_delete` AFTER DELETE ON `invoices` BEGIN
  UPDATE `account_totals` SET data_version = data_version + 1 WHERE user_id = old.user_id;
END;--> statement-breakpoint
CREATE TRIGGER `payments_version_insert` AFTER INSERT ON `payments` BEGIN
  INSERT INTO `account_totals` (user_id, data_version) VALUES (new.user_id, 1)
    ON CONFLICT (user_id) DO UPDATE SET data_version = data_version + 1;
END;--> statement-breakpoint
CREATE TRIGGER `payments_version_update` AFTER UPDATE ON `payments` BEGIN
  UPDATE `account_totals` SET data_version = data_version + 1 WHERE user_id IN (old.user_id, new.user_id);
END;--> statement-breakpoint
CREATE TRIGGER `payments_version_delete` AFTER DELETE ON `payments` BEGIN
  UPDATE `account_totals` SET data_version = data_version + 1 WHERE user_id = old.user_id;
END;
