-- Each account's totals, kept by triggers on the tables they count (docs/decisions/022):
-- an insert adds, a delete takes away, an update of a counted column moves the difference.
-- Inserts create the account's row when it has none (an upsert); deletes only update it, so
-- deleting an account (which cascades to its rows) never re-creates it. Backfilled here.
CREATE TABLE `account_totals` (
	`user_id` text PRIMARY KEY NOT NULL,
	`customers` integer DEFAULT 0 NOT NULL,
	`jobs` integer DEFAULT 0 NOT NULL,
	`scheduled_jobs` integer DEFAULT 0 NOT NULL,
	`estimates` integer DEFAULT 0 NOT NULL,
	`pending_estimates` integer DEFAULT 0 NOT NULL,
	`invoices` integer DEFAULT 0 NOT NULL,
	`appointments` integer DEFAULT 0 NOT NULL,
	`collected` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);--> statement-breakpoint
CREATE TRIGGER `customers_totals_insert` AFTER INSERT ON `customers` BEGIN
  INSERT INTO `account_totals` (user_id, customers) VALUES (new.user_id, 1)
    ON CONFLICT (user_id) DO UPDATE SET customers = customers + 1;
END;--> statement-breakpoint
CREATE TRIGGER `customers_totals_delete` AFTER DELETE ON `customers` BEGIN
  UPDATE `account_totals` SET customers = customers - 1 WHERE user_id = old.user_id;
END;--> statement-breakpoint
CREATE TRIGGER `jobs_totals_insert` AFTER INSERT ON `jobs` BEGIN
  INSERT INTO `account_totals` (user_id, jobs, scheduled_jobs) VALUES (new.user_id, 1, (new.scheduled_date IS NOT NULL AND new.status <> 'cancelled'))
    ON CONFLICT (user_id) DO UPDATE SET jobs = jobs + 1, scheduled_jobs = scheduled_jobs + excluded.scheduled_jobs;
END;--> statement-breakpoint
CREATE TRIGGER `jobs_totals_update` AFTER UPDATE OF scheduled_date, status ON `jobs` BEGIN
  UPDATE `account_totals` SET scheduled_jobs = scheduled_jobs + (new.scheduled_date IS NOT NULL AND new.status <> 'cancelled') - (old.scheduled_date IS NOT NULL AND old.status <> 'cancelled') WHERE user_id = new.user_id;
END;--> statement-breakpoint
CREATE TRIGGER `jobs_totals_delete` AFTER DELETE ON `jobs` BEGIN
  UPDATE `account_totals` SET jobs = jobs - 1, scheduled_jobs = scheduled_jobs - (old.scheduled_date IS NOT NULL AND old.status <> 'cancelled') WHERE user_id = old.user_id;
END;--> statement-breakpoint
CREATE TRIGGER `estimates_totals_insert` AFTER INSERT ON `estimates` BEGIN
  INSERT INTO `account_totals` (user_id, estimates, pending_estimates) VALUES (new.user_id, 1, new.status = 'pending')
    ON CONFLICT (user_id) DO UPDATE SET estimates = estimates + 1, pending_estimates = pending_estimates + excluded.pending_estimates;
END;--> statement-breakpoint
CREATE TRIGGER `estimates_totals_update` AFTER UPDATE OF status ON `estimates` BEGIN
  UPDATE `account_totals` SET pending_estimates = pending_estimates + (new.status = 'pending') - (old.status = 'pending') WHERE user_id = new.user_id;
END;--> statement-breakpoint
CREATE TRIGGER `estimates_totals_delete` AFTER DELETE ON `estimates` BEGIN
  UPDATE `account_totals` SET estimates = estimates - 1, pending_estimates = pending_estimates - (old.status = 'pending') WHERE user_id = old.user_id;
END;--> statement-breakpoint
CREATE TRIGGER `invoices_totals_insert` AFTER INSERT ON `invoices` BEGIN
  INSERT INTO `account_totals` (user_id, invoices) VALUES (new.user_id, 1)
    ON CONFLICT (user_id) DO UPDATE SET invoices = invoices + 1;
END;--> statement-breakpoint
CREATE TRIGGER `invoices_totals_delete` AFTER DELETE ON `invoices` BEGIN
  UPDATE `account_totals` SET invoices = invoices - 1 WHERE user_id = old.user_id;
END;--> statement-breakpoint
CREATE TRIGGER `appointments_totals_insert` AFTER INSERT ON `appointments` BEGIN
  INSERT INTO `account_totals` (user_id, appointments) VALUES (new.user_id, 1)
    ON CONFLICT (user_id) DO UPDATE SET appointments = appointments + 1;
END;--> statement-breakpoint
CREATE TRIGGER `appointments_totals_delete` AFTER DELETE ON `appointments` BEGIN
  UPDATE `account_totals` SET appointments = appointments - 1 WHERE user_id = old.user_id;
END;--> statement-breakpoint
CREATE TRIGGER `payments_totals_insert` AFTER INSERT ON `payments` BEGIN
  INSERT INTO `account_totals` (user_id, collected) VALUES (new.user_id, new.amount)
    ON CONFLICT (user_id) DO UPDATE SET collected = collected + excluded.collected;
END;--> statement-breakpoint
CREATE TRIGGER `payments_totals_update` AFTER UPDATE OF amount ON `payments` BEGIN
  UPDATE `account_totals` SET collected = collected + new.amount - old.amount WHERE user_id = new.user_id;
END;--> statement-breakpoint
CREATE TRIGGER `payments_totals_delete` AFTER DELETE ON `payments` BEGIN
  UPDATE `account_totals` SET collected = collected - old.amount WHERE user_id = old.user_id;
END;--> statement-breakpoint
INSERT INTO `account_totals` (user_id, customers, jobs, scheduled_jobs, estimates, pending_estimates, invoices, appointments, collected)
SELECT u.id,
  (SELECT count(*) FROM `customers` WHERE user_id = u.id),
  (SELECT count(*) FROM `jobs` WHERE user_id = u.id),
  (SELECT count(*) FROM `jobs` WHERE user_id = u.id AND scheduled_date IS NOT NULL AND status <> 'cancelled'),
  (SELECT count(*) FROM `estimates` WHERE user_id = u.id),
  (SELECT count(*) FROM `estimates` WHERE user_id = u.id AND status = 'pending'),
  (SELECT count(*) FROM `invoices` WHERE user_id = u.id),
  (SELECT count(*) FROM `appointments` WHERE user_id = u.id),
  (SELECT coalesce(sum(amount), 0) FROM `payments` WHERE user_id = u.id)
FROM `users` u;
