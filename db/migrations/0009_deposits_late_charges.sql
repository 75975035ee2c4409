CREATE TABLE `estimate_deposits` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`estimate_id` text NOT NULL,
	`amount` integer NOT NULL,
	`method` text NOT NULL,
	`received_at` integer NOT NULL,
	`reference` text,
	`note` text,
	`external_id` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`estimate_id`) REFERENCES `estimates`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `estimate_deposits_estimate_idx` ON `estimate_deposits` (`estimate_id`,`user_id`,`received_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `estimate_deposits_external_idx` ON `estimate_deposits` (`external_id`);--> statement-breakpoint
CREATE TABLE `late_charges` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`invoice_id` text NOT NULL,
	`month` integer NOT NULL,
	`amount` integer NOT NULL,
	`item_id` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`invoice_id`) REFERENCES `invoices`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `late_charges_invoice_month_idx` ON `late_charges` (`invoice_id`,`month`);--> statement-breakpoint
ALTER TABLE `account_settings` ADD `default_deposit_percent` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `account_settings` ADD `late_charge_rate` integer DEFAULT 150 NOT NULL;--> statement-breakpoint
ALTER TABLE `account_settings` ADD `reminder_late_charge_steps` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `estimates` ADD `deposit_type` text;--> statement-breakpoint
ALTER TABLE `estimates` ADD `deposit_value` integer;--> statement-breakpoint
ALTER TABLE `payments` ADD `deposit_id` text REFERENCES estimate_deposits(id) ON DELETE set null;--> statement-breakpoint
CREATE UNIQUE INDEX `payments_deposit_idx` ON `payments` (`deposit_id`);