ALTER TABLE `invoices` ADD `sent_at` integer;--> statement-breakpoint
ALTER TABLE `invoices` ADD `sent_to` text;