DROP INDEX `invoices_user_status_due_idx`;--> statement-breakpoint
CREATE INDEX `invoices_user_status_due_idx` ON `invoices` (`user_id`,`status`,`due_date`,`total`,`amount_paid`);--> statement-breakpoint
DROP INDEX `payments_user_received_idx`;--> statement-breakpoint
CREATE INDEX `payments_user_received_idx` ON `payments` (`user_id`,`received_at`,`amount`,`method`);