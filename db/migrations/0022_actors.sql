-- Who created and sent each estimate and invoice, and who recorded each payment and deposit by
-- hand: the login (decision 030). Null for what came before, from the customer or from TradeDesk.
ALTER TABLE `estimate_deposits` ADD `recorded_by` text REFERENCES users(id) ON DELETE SET NULL;--> statement-breakpoint
ALTER TABLE `estimates` ADD `created_by` text REFERENCES users(id) ON DELETE SET NULL;--> statement-breakpoint
ALTER TABLE `estimates` ADD `sent_by` text REFERENCES users(id) ON DELETE SET NULL;--> statement-breakpoint
ALTER TABLE `invoices` ADD `created_by` text REFERENCES users(id) ON DELETE SET NULL;--> statement-breakpoint
ALTER TABLE `invoices` ADD `sent_by` text REFERENCES users(id) ON DELETE SET NULL;--> statement-breakpoint
ALTER TABLE `payments` ADD `recorded_by` text REFERENCES users(id) ON DELETE SET NULL;