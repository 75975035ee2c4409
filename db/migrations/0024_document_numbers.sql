-- Sequential document numbers per account and kind (docs/decisions/031): each account's
-- prefix and next number for estimates and invoices. Every account starts at 1 (EST-0001,
-- INV-0001); the documents already made keep the numbers they have (a prefix and a
-- millisecond timestamp). Nothing is renumbered: a new number that meets an old one is skipped.
ALTER TABLE `account_settings` ADD `estimate_prefix` text DEFAULT 'EST-' NOT NULL;--> statement-breakpoint
ALTER TABLE `account_settings` ADD `estimate_next_number` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `account_settings` ADD `invoice_prefix` text DEFAULT 'INV-' NOT NULL;--> statement-breakpoint
ALTER TABLE `account_settings` ADD `invoice_next_number` integer DEFAULT 1 NOT NULL;