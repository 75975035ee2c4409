ALTER TABLE `estimate_share_tokens` ADD `view_count` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `estimate_share_tokens` ADD `first_viewed_at` integer;--> statement-breakpoint
ALTER TABLE `estimate_share_tokens` ADD `last_viewed_at` integer;--> statement-breakpoint
ALTER TABLE `estimates` ADD `responded_at` integer;