CREATE TABLE `work_claims` (
	`key` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`claimed_by` text NOT NULL,
	`claimed_at` integer NOT NULL,
	`lease_until` integer NOT NULL,
	`attempts` integer DEFAULT 1 NOT NULL,
	`done_at` integer,
	`last_error` text
);
--> statement-breakpoint
CREATE INDEX `work_claims_kind_done_idx` ON `work_claims` (`kind`,`done_at`);--> statement-breakpoint
ALTER TABLE `account_settings` ADD `estimate_follow_up_days` integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE `estimates` ADD `sent_at` integer;--> statement-breakpoint
ALTER TABLE `estimates` ADD `sent_to` text;--> statement-breakpoint
CREATE INDEX `estimates_status_sent_idx` ON `estimates` (`status`,`sent_at`);