-- "Pay all" from the customer's hub: the invoices and amounts one card payment covers, fixed when
-- the customer presses the button; the Stripe webhook records one payment per invoice from it.
CREATE TABLE `hub_checkouts` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`customer_id` text NOT NULL,
	`amount` integer NOT NULL,
	`parts` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`customer_id`) REFERENCES `customers`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `hub_checkouts_customer_idx` ON `hub_checkouts` (`customer_id`,`created_at`);