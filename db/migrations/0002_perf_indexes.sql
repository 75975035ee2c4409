DROP INDEX `appointments_user_scheduled_idx`;--> statement-breakpoint
DROP INDEX `appointments_customer_idx`;--> statement-breakpoint
DROP INDEX `appointments_job_idx`;--> statement-breakpoint
CREATE INDEX `appointments_user_scheduled_idx` ON `appointments` (`user_id`,`scheduled_date`,`id`,`status`);--> statement-breakpoint
CREATE INDEX `appointments_customer_idx` ON `appointments` (`customer_id`,`user_id`);--> statement-breakpoint
CREATE INDEX `appointments_job_idx` ON `appointments` (`job_id`,`user_id`);--> statement-breakpoint
DROP INDEX `customers_user_name_idx`;--> statement-breakpoint
DROP INDEX `customers_user_created_idx`;--> statement-breakpoint
CREATE INDEX `customers_user_name_idx` ON `customers` (`user_id`,"name" collate nocase,`id`);--> statement-breakpoint
CREATE INDEX `customers_user_created_idx` ON `customers` (`user_id`,`created_at`,`id`);--> statement-breakpoint
DROP INDEX `estimate_items_estimate_idx`;--> statement-breakpoint
CREATE INDEX `estimate_items_estimate_idx` ON `estimate_items` (`estimate_id`,`order`,`id`);--> statement-breakpoint
DROP INDEX `estimates_user_created_idx`;--> statement-breakpoint
DROP INDEX `estimates_user_status_idx`;--> statement-breakpoint
DROP INDEX `estimates_customer_idx`;--> statement-breakpoint
DROP INDEX `estimates_job_idx`;--> statement-breakpoint
CREATE INDEX `estimates_user_created_idx` ON `estimates` (`user_id`,`created_at`,`id`,`status`,`total`);--> statement-breakpoint
CREATE INDEX `estimates_user_status_idx` ON `estimates` (`user_id`,`status`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `estimates_customer_idx` ON `estimates` (`customer_id`,`user_id`);--> statement-breakpoint
CREATE INDEX `estimates_job_idx` ON `estimates` (`job_id`,`user_id`);--> statement-breakpoint
DROP INDEX `invoice_items_invoice_idx`;--> statement-breakpoint
CREATE INDEX `invoice_items_invoice_idx` ON `invoice_items` (`invoice_id`,`order`,`id`);--> statement-breakpoint
DROP INDEX `invoices_user_created_idx`;--> statement-breakpoint
DROP INDEX `invoices_user_status_idx`;--> statement-breakpoint
DROP INDEX `invoices_customer_idx`;--> statement-breakpoint
DROP INDEX `invoices_job_idx`;--> statement-breakpoint
CREATE INDEX `invoices_user_status_paid_idx` ON `invoices` (`user_id`,`status`,`paid_date`,`total`);--> statement-breakpoint
CREATE INDEX `invoices_user_status_due_idx` ON `invoices` (`user_id`,`status`,`due_date`,`total`);--> statement-breakpoint
CREATE INDEX `invoices_user_created_idx` ON `invoices` (`user_id`,`created_at`,`id`,`status`,`due_date`);--> statement-breakpoint
CREATE INDEX `invoices_user_status_idx` ON `invoices` (`user_id`,`status`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `invoices_customer_idx` ON `invoices` (`customer_id`,`user_id`);--> statement-breakpoint
CREATE INDEX `invoices_job_idx` ON `invoices` (`job_id`,`user_id`);--> statement-breakpoint
DROP INDEX `jobs_user_created_idx`;--> statement-breakpoint
DROP INDEX `jobs_user_status_idx`;--> statement-breakpoint
DROP INDEX `jobs_user_scheduled_idx`;--> statement-breakpoint
DROP INDEX `jobs_customer_idx`;--> statement-breakpoint
CREATE INDEX `jobs_user_schedule_order_idx` ON `jobs` (`user_id`,("scheduled_date" is null),`scheduled_date`,`id`);--> statement-breakpoint
CREATE INDEX `jobs_user_title_idx` ON `jobs` (`user_id`,"title" collate nocase,`id`);--> statement-breakpoint
CREATE INDEX `jobs_user_created_idx` ON `jobs` (`user_id`,`created_at`,`id`,`status`);--> statement-breakpoint
CREATE INDEX `jobs_user_status_idx` ON `jobs` (`user_id`,`status`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `jobs_user_scheduled_idx` ON `jobs` (`user_id`,`scheduled_date`,`id`,`status`);--> statement-breakpoint
CREATE INDEX `jobs_customer_idx` ON `jobs` (`customer_id`,`user_id`);--> statement-breakpoint
CREATE INDEX `notifications_user_created_idx` ON `notifications` (`user_id`,`created_at`);