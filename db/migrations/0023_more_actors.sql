-- Who made each share link and who added each late charge by hand (decision 030).
ALTER TABLE `estimate_share_tokens` ADD `created_by` text REFERENCES users(id) ON DELETE SET NULL;--> statement-breakpoint
ALTER TABLE `invoice_share_tokens` ADD `created_by` text REFERENCES users(id) ON DELETE SET NULL;--> statement-breakpoint
ALTER TABLE `late_charges` ADD `added_by` text REFERENCES users(id) ON DELETE SET NULL;