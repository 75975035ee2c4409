CREATE TABLE `invoice_share_tokens` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`invoice_id` text NOT NULL,
	`token` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`view_count` integer DEFAULT 0 NOT NULL,
	`first_viewed_at` integer,
	`last_viewed_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`invoice_id`) REFERENCES `invoices`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `invoice_share_tokens_token_idx` ON `invoice_share_tokens` (`token`);--> statement-breakpoint
CREATE UNIQUE INDEX `invoice_share_tokens_invoice_idx` ON `invoice_share_tokens` (`invoice_id`);--> statement-breakpoint
ALTER TABLE `account_settings` ADD `payment_instructions` text DEFAULT '' NOT NULL;