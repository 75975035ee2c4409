-- Appointments join the account's data version (migration 0015, docs/decisions/023): the
-- calendar's week is kept while it holds, and it shows appointments as well as jobs.
CREATE TRIGGER `appointments_version_insert` AFTER INSERT ON `appointments` BEGIN
  INSERT INTO `account_totals` (user_id, data_version) VALUES (new.user_id, 1)
    ON CONFLICT (user_id) DO UPDATE SET data_version = data_version + 1;
END;--> statement-breakpoint
CREATE TRIGGER `appointments_version_update` AFTER UPDATE ON `appointments` BEGIN
  UPDATE `account_totals` SET data_version = data_version + 1 WHERE user_id IN (old.user_id, new.user_id);
END;--> statement-breakpoint
CREATE TRIGGER `appointments_version_delete` AFTER DELETE ON `appointments` BEGIN
  UPDATE `account_totals` SET data_version = data_version + 1 WHERE user_id = old.user_id;
END;
