CREATE TABLE `account_settings` (
	`user_id` text PRIMARY KEY NOT NULL,
	`app_language` text DEFAULT 'en' NOT NULL,
	`document_language` text DEFAULT 'en' NOT NULL,
	`company_name` text DEFAULT 'Your Trade Company' NOT NULL,
	`address` text DEFAULT '123 Main Street, Springfield, ST 12345' NOT NULL,
	`phone` text DEFAULT '(555) 123-4567' NOT NULL,
	`email` text DEFAULT 'office@yourtradecompany.com' NOT NULL,
	`website` text DEFAULT 'www.yourtradecompany.com' NOT NULL,
	`logo` blob,
	`logo_mime_type` text,
	`logo_updated_at` integer,
	`notifications` integer DEFAULT true NOT NULL,
	`auto_backup` integer DEFAULT true NOT NULL,
	`dark_mode` integer DEFAULT false NOT NULL,
	`default_tax_rate` integer DEFAULT 825 NOT NULL,
	`currency` text DEFAULT 'USD' NOT NULL,
	`estimate_valid_days` integer DEFAULT 30 NOT NULL,
	`invoice_terms` text DEFAULT 'Payment is due within 30 days of the invoice date. A service charge of 1.5% per month will be applied to late payments.' NOT NULL,
	`estimate_terms` text DEFAULT 'This estimate is valid for 30 days from the date shown. Prices may change after that date.' NOT NULL,
	`time_zone` text,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `appointments` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`customer_id` text NOT NULL,
	`job_id` text,
	`title` text NOT NULL,
	`description` text,
	`location` text,
	`appointment_type` text DEFAULT 'other' NOT NULL,
	`custom_type` text,
	`scheduled_date` integer NOT NULL,
	`duration` integer DEFAULT 60 NOT NULL,
	`status` text DEFAULT 'scheduled' NOT NULL,
	`notes` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`customer_id`) REFERENCES `customers`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`job_id`) REFERENCES `jobs`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `appointments_user_scheduled_idx` ON `appointments` (`user_id`,`scheduled_date`);--> statement-breakpoint
CREATE INDEX `appointments_customer_idx` ON `appointments` (`customer_id`);--> statement-breakpoint
CREATE INDEX `appointments_job_idx` ON `appointments` (`job_id`);--> statement-breakpoint
CREATE TABLE `customers` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`name` text NOT NULL,
	`email` text,
	`phone` text,
	`address` text,
	`city` text,
	`state` text,
	`zip_code` text,
	`notes` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `customers_user_name_idx` ON `customers` (`user_id`,`name`);--> statement-breakpoint
CREATE INDEX `customers_user_created_idx` ON `customers` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `estimate_items` (
	`id` text PRIMARY KEY NOT NULL,
	`estimate_id` text NOT NULL,
	`description` text NOT NULL,
	`quantity` integer NOT NULL,
	`unit_price` integer NOT NULL,
	`total` integer NOT NULL,
	`order` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`estimate_id`) REFERENCES `estimates`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `estimate_items_estimate_idx` ON `estimate_items` (`estimate_id`,`order`);--> statement-breakpoint
CREATE TABLE `estimate_share_tokens` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`estimate_id` text NOT NULL,
	`token` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`estimate_id`) REFERENCES `estimates`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `estimate_share_tokens_token_idx` ON `estimate_share_tokens` (`token`);--> statement-breakpoint
CREATE UNIQUE INDEX `estimate_share_tokens_estimate_idx` ON `estimate_share_tokens` (`estimate_id`);--> statement-breakpoint
CREATE TABLE `estimates` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`customer_id` text NOT NULL,
	`job_id` text,
	`estimate_number` text NOT NULL,
	`title` text NOT NULL,
	`description` text,
	`status` text DEFAULT 'pending' NOT NULL,
	`subtotal` integer NOT NULL,
	`tax_rate` integer DEFAULT 825 NOT NULL,
	`tax_amount` integer NOT NULL,
	`total` integer NOT NULL,
	`notes` text,
	`valid_until` text,
	`approved_at` integer,
	`customer_signature` text,
	`customer_response` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`customer_id`) REFERENCES `customers`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`job_id`) REFERENCES `jobs`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `estimates_user_number_idx` ON `estimates` (`user_id`,`estimate_number`);--> statement-breakpoint
CREATE INDEX `estimates_user_created_idx` ON `estimates` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `estimates_user_status_idx` ON `estimates` (`user_id`,`status`);--> statement-breakpoint
CREATE INDEX `estimates_customer_idx` ON `estimates` (`customer_id`);--> statement-breakpoint
CREATE INDEX `estimates_job_idx` ON `estimates` (`job_id`);--> statement-breakpoint
CREATE TABLE `invoice_items` (
	`id` text PRIMARY KEY NOT NULL,
	`invoice_id` text NOT NULL,
	`description` text NOT NULL,
	`quantity` integer NOT NULL,
	`unit_price` integer NOT NULL,
	`total` integer NOT NULL,
	`order` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`invoice_id`) REFERENCES `invoices`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `invoice_items_invoice_idx` ON `invoice_items` (`invoice_id`,`order`);--> statement-breakpoint
CREATE TABLE `invoices` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`customer_id` text NOT NULL,
	`job_id` text,
	`estimate_id` text,
	`invoice_number` text NOT NULL,
	`title` text NOT NULL,
	`description` text,
	`status` text DEFAULT 'pending' NOT NULL,
	`subtotal` integer NOT NULL,
	`tax_rate` integer DEFAULT 825 NOT NULL,
	`tax_amount` integer NOT NULL,
	`total` integer NOT NULL,
	`notes` text,
	`due_date` text,
	`paid_date` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`customer_id`) REFERENCES `customers`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`job_id`) REFERENCES `jobs`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`estimate_id`) REFERENCES `estimates`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `invoices_user_number_idx` ON `invoices` (`user_id`,`invoice_number`);--> statement-breakpoint
CREATE UNIQUE INDEX `invoices_estimate_idx` ON `invoices` (`estimate_id`);--> statement-breakpoint
CREATE INDEX `invoices_user_created_idx` ON `invoices` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `invoices_user_status_idx` ON `invoices` (`user_id`,`status`);--> statement-breakpoint
CREATE INDEX `invoices_customer_idx` ON `invoices` (`customer_id`);--> statement-breakpoint
CREATE INDEX `invoices_job_idx` ON `invoices` (`job_id`);--> statement-breakpoint
CREATE TABLE `jobs` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`customer_id` text NOT NULL,
	`title` text NOT NULL,
	`description` text,
	`location` text,
	`status` text DEFAULT 'pending' NOT NULL,
	`scheduled_date` integer,
	`completed_date` integer,
	`total_amount` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`customer_id`) REFERENCES `customers`(`id`) ON UPDATE no action ON DELETE restrict
);
--> statement-breakpoint
CREATE INDEX `jobs_user_created_idx` ON `jobs` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `jobs_user_status_idx` ON `jobs` (`user_id`,`status`);--> statement-breakpoint
CREATE INDEX `jobs_user_scheduled_idx` ON `jobs` (`user_id`,`scheduled_date`);--> statement-breakpoint
CREATE INDEX `jobs_customer_idx` ON `jobs` (`customer_id`);--> statement-breakpoint
CREATE TABLE `notifications` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`type` text NOT NULL,
	`title` text NOT NULL,
	`message` text NOT NULL,
	`read` integer DEFAULT false NOT NULL,
	`estimate_id` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`estimate_id`) REFERENCES `estimates`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `notifications_user_read_idx` ON `notifications` (`user_id`,`read`,`created_at`);--> statement-breakpoint
CREATE TABLE `sales_requests` (
	`id` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`phone` text,
	`company` text,
	`trade` text,
	`message` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `sales_requests_created_idx` ON `sales_requests` (`created_at`);--> statement-breakpoint
CREATE TABLE `sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`last_seen_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sessions_user_idx` ON `sessions` (`user_id`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`password_hash` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (`email`);