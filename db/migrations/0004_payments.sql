CREATE TABLE `payments` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`invoice_id` text NOT NULL,
	`amount` integer NOT NULL,
	`method` text NOT NULL,
	`received_at` integer NOT NULL,
	`reference` text,
	`note` text,
	`external_id` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`invoice_id`) REFERENCES `invoices`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `payments_invoice_idx` ON `payments` (`invoice_id`,`user_id`,`received_at`);--> statement-breakpoint
CREATE INDEX `payments_user_received_idx` ON `payments` (`user_id`,`received_at`,`amount`);--> statement-breakpoint
CREATE UNIQUE INDEX `payments_external_idx` ON `payments` (`external_id`);--> statement-breakpoint
ALTER TABLE `invoices` ADD `amount_paid` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Invoices paid before the ledger existed: one payment of their total on their paid date, so
-- the ledger sums to what was received.
INSERT INTO `payments` (`id`, `user_id`, `invoice_id`, `amount`, `method`, `received_at`, `created_at`)
SELECT lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4' || substr(hex(randomblob(2)), 2) || '-a' || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6))),
  `user_id`, `id`, `total`, 'other', coalesce(`paid_date`, `created_at`), coalesce(`paid_date`, `created_at`)
FROM `invoices` WHERE `status` = 'paid' AND `total` > 0;--> statement-breakpoint
UPDATE `invoices` SET `amount_paid` = `total` WHERE `status` = 'paid';
