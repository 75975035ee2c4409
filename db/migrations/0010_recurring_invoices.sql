CREATE TABLE `recurring_invoice_items` (
	`id` text PRIMARY KEY NOT NULL,
	`recurring_invoice_id` text NOT NULL,
	`description` text NOT NULL,
	`quantity` integer NOT NULL,
	`unit_price` integer NOT NULL,
	`total` integer NOT NULL,
	`order` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`recurring_invoice_id`) REFERENCES `recurring_invoices`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `recurring_invoice_items_parent_idx` ON `recurring_invoice_items` (`recurring_invoice_id`,`order`,`id`);--> statement-breakpoint
CREATE TABLE `recurring_invoice_runs` (
	`recurring_invoice_id` text NOT NULL,
	`occurrence_date` text NOT NULL,
	`user_id` text NOT NULL,
	`invoice_id` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	PRIMARY KEY(`recurring_invoice_id`, `occurrence_date`),
	FOREIGN KEY (`recurring_invoice_id`) REFERENCES `recurring_invoices`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`invoice_id`) REFERENCES `invoices`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `recurring_invoice_runs_invoice_idx` ON `recurring_invoice_runs` (`invoice_id`);--> statement-breakpoint
CREATE TABLE `recurring_invoices` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`customer_id` text NOT NULL,
	`title` text NOT NULL,
	`description` text,
	`notes` text,
	`tax_rate` integer DEFAULT 825 NOT NULL,
	`frequency` text NOT NULL,
	`start_date` text NOT NULL,
	`end_date` text,
	`occurrence_count` integer,
	`auto_send` integer DEFAULT false NOT NULL,
	`paused` integer DEFAULT false NOT NULL,
	`active_from` integer NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`customer_id`) REFERENCES `customers`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `recurring_invoices_user_created_idx` ON `recurring_invoices` (`user_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `recurring_invoices_paused_idx` ON `recurring_invoices` (`paused`);--> statement-breakpoint
CREATE INDEX `recurring_invoices_customer_idx` ON `recurring_invoices` (`customer_id`,`user_id`);