-- The customer hub (docs/product/customers.md): customer_hubs holds each customer's one link
-- /c/{token} (256 random bits, unique; the row is deleted to revoke it, so the old address is a
-- 404 at once), made on demand by the contractor. customer_detail_changes records what a
-- customer changed of their own phone, e-mail or address from the hub (each field before and
-- after, as JSON): the customer's activity. Both go with their customer and their account.
CREATE TABLE `customer_detail_changes` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`customer_id` text NOT NULL,
	`changes` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`customer_id`) REFERENCES `customers`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `customer_detail_changes_customer_idx` ON `customer_detail_changes` (`customer_id`,`account_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `customer_hubs` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`customer_id` text NOT NULL,
	`token` text NOT NULL,
	`created_by` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`view_count` integer DEFAULT 0 NOT NULL,
	`last_viewed_at` integer,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`customer_id`) REFERENCES `customers`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `customer_hubs_token_idx` ON `customer_hubs` (`token`);--> statement-breakpoint
CREATE UNIQUE INDEX `customer_hubs_customer_idx` ON `customer_hubs` (`customer_id`);