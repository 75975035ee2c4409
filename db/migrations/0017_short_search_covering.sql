DROP INDEX `estimates_user_created_idx`;--> statement-breakpoint
CREATE INDEX `estimates_user_created_idx` ON `estimates` (`user_id`,`created_at`,`id`,`status`,`total`,`title`,`estimate_number`,`customer_id`);--> statement-breakpoint
DROP INDEX `invoices_user_created_idx`;--> statement-breakpoint
CREATE INDEX `invoices_user_created_idx` ON `invoices` (`user_id`,`created_at`,`id`,`status`,`due_date`,`title`,`invoice_number`,`customer_id`);--> statement-breakpoint
DROP INDEX `jobs_user_created_idx`;--> statement-breakpoint
CREATE INDEX `jobs_user_created_idx` ON `jobs` (`user_id`,`created_at`,`id`,`status`,`title`,`location`,`customer_id`);