-- Work requests (docs/product/requests.md): request_pages holds each account's public request
-- page, /request/{slug} (the slug unique across accounts, made from the company name on first
-- need; the page can be turned off). work_requests holds what visitors asked for through it
-- and what each became: the customer, estimate, job and visit made from it (set null when that
-- record is deleted) and when it was first converted. Both go with their account.
CREATE TABLE `request_pages` (
	`account_id` text PRIMARY KEY NOT NULL,
	`slug` text NOT NULL,
	`enabled` integer DEFAULT true NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `request_pages_slug_idx` ON `request_pages` (`slug`);--> statement-breakpoint
CREATE TABLE `work_requests` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`name` text NOT NULL,
	`phone` text,
	`email` text,
	`address` text,
	`description` text,
	`preferred_times` text,
	`status` text DEFAULT 'new' NOT NULL,
	`customer_id` text,
	`estimate_id` text,
	`job_id` text,
	`appointment_id` text,
	`converted_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`customer_id`) REFERENCES `customers`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`estimate_id`) REFERENCES `estimates`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`job_id`) REFERENCES `jobs`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`appointment_id`) REFERENCES `appointments`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `work_requests_account_status_idx` ON `work_requests` (`account_id`,`status`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `work_requests_account_created_idx` ON `work_requests` (`account_id`,`created_at`,`id`);