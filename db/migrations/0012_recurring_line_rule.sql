ALTER TABLE `recurring_invoice_items` ADD `taxable` integer DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE `recurring_invoice_items` ADD `discount_percent` integer DEFAULT 0 NOT NULL;